import { describe, expect, it } from "vitest";
import { canSeeEmail } from "./policies.ts";

const ada = { username: "ada" };
const bob = { username: "bob" };
const hidden = { username: "ada", showEmail: false };
const shown = { username: "ada", showEmail: true };

describe("canSeeEmail", () => {
  it("always shows the owner their own email", () => {
    expect(canSeeEmail(ada, hidden)).toBe(true);
    expect(canSeeEmail(ada, shown)).toBe(true);
  });

  it("shows other members the email only when the owner chose to", () => {
    expect(canSeeEmail(bob, hidden)).toBe(false);
    expect(canSeeEmail(bob, shown)).toBe(true);
  });

  it("never shows it to the signed out or to those without a profile", () => {
    for (const actor of [null, undefined]) {
      expect(canSeeEmail(actor, hidden)).toBe(false);
      expect(canSeeEmail(actor, shown)).toBe(false);
    }
  });
});
