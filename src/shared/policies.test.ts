import { describe, expect, it } from "vitest";
import {
  canCreateProfile,
  canEditProfile,
  canPublish,
  canReview,
  canSeeEmail,
  type PolicyActor,
} from "./policies.ts";

const ada = { username: "ada" };
const bob = { username: "bob" };
const nobody = [null, undefined];

describe.each([
  ["canPublish (post, review, chat)", (actor: PolicyActor) => canPublish(actor)],
  ["canEditProfile", (actor: PolicyActor) => canEditProfile(actor, ada)],
  ["canReview", (actor: PolicyActor) => canReview(actor, ada)],
])("%s", (_policy, allows) => {
  it("refuses the signed out and those without a profile", () => {
    for (const actor of nobody) expect(allows(actor)).toBe(false);
  });
});

describe("canPublish (post, review, chat)", () => {
  it("allows anyone with a profile", () => {
    expect(canPublish(ada)).toBe(true);
  });
});

describe("canCreateProfile", () => {
  it("allows an identity without a profile", () => {
    for (const actor of nobody) expect(canCreateProfile(actor)).toBe(true);
  });

  it("refuses a second profile", () => {
    expect(canCreateProfile(ada)).toBe(false);
  });
});

describe("canEditProfile", () => {
  it("allows only the owner", () => {
    expect(canEditProfile(ada, ada)).toBe(true);
    expect(canEditProfile(bob, ada)).toBe(false);
  });
});

describe("canReview", () => {
  it("allows reviewing someone else, never oneself", () => {
    expect(canReview(bob, ada)).toBe(true);
    expect(canReview(ada, ada)).toBe(false);
  });
});

describe("canSeeEmail", () => {
  const hidden = { username: "ada", showEmail: false, emailVerified: true };
  const shown = { username: "ada", showEmail: true, emailVerified: true };
  const unverified = { username: "ada", showEmail: true, emailVerified: false };

  it("always shows the owner their own email", () => {
    expect(canSeeEmail(ada, hidden)).toBe(true);
    expect(canSeeEmail(ada, shown)).toBe(true);
  });

  it("shows other members the email only when the owner chose to", () => {
    expect(canSeeEmail(bob, hidden)).toBe(false);
    expect(canSeeEmail(bob, shown)).toBe(true);
  });

  it("never shows other members an unverified email, whatever the owner chose", () => {
    expect(canSeeEmail(bob, unverified)).toBe(false);
    expect(canSeeEmail(ada, unverified)).toBe(true);
  });

  it("never shows it to the signed out or to those without a profile", () => {
    for (const actor of nobody) {
      expect(canSeeEmail(actor, hidden)).toBe(false);
      expect(canSeeEmail(actor, shown)).toBe(false);
    }
  });
});
