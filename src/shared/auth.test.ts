import { describe, expect, it } from "vitest";
import { GOOGLE_ERROR_MESSAGES, googleErrorMessage, isValidEmail, normalizeEmail } from "./auth.ts";

describe("emails", () => {
  it("are trimmed and lower-cased", () => {
    expect(normalizeEmail("  Ada@Example.TEST ")).toBe("ada@example.test");
  });

  it.each(["ada@example.test", "a.b+tag@sub.example.co"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(["", "ada", "ada@", "@example.test", "a b@example.test", `${"a".repeat(250)}@x.test`])(
    "refuses %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe("Google sign-in failure messages", () => {
  it("has a message per code", () => {
    expect(googleErrorMessage("google-cancelled")).toBe(GOOGLE_ERROR_MESSAGES["google-cancelled"]);
    expect(googleErrorMessage("account-exists-with-different-credential")).toMatch(
      /already uses this Google account's email/,
    );
  });

  it("shows the generic message for an unknown code, never the code's own text", () => {
    expect(googleErrorMessage("Your account is suspended, call 555-0100")).toBe(
      GOOGLE_ERROR_MESSAGES["google-failed"],
    );
    expect(googleErrorMessage("toString")).toBe(GOOGLE_ERROR_MESSAGES["google-failed"]);
    expect(googleErrorMessage(null)).toBe(GOOGLE_ERROR_MESSAGES["google-failed"]);
  });
});
