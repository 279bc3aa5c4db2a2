import { describe, expect, it } from "vitest";
import { canEditProfile, canReview } from "./policies.ts";

const ada = { username: "ada" };
const bob = { username: "bob" };

describe("canEditProfile", () => {
  it("allows only the owner", () => {
    expect(canEditProfile(ada, ada)).toBe(true);
    expect(canEditProfile(bob, ada)).toBe(false);
  });

  it("refuses the signed out and those without a profile", () => {
    expect(canEditProfile(null, ada)).toBe(false);
    expect(canEditProfile(undefined, ada)).toBe(false);
  });
});

describe("canReview", () => {
  it("allows reviewing someone else, never oneself", () => {
    expect(canReview(bob, ada)).toBe(true);
    expect(canReview(ada, ada)).toBe(false);
  });

  it("refuses the signed out and those without a profile", () => {
    expect(canReview(null, ada)).toBe(false);
    expect(canReview(undefined, ada)).toBe(false);
  });
});
