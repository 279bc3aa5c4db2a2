import { describe, expect, it } from "vitest";
import { loginErrorText } from "./login-error-text.ts";

describe("login error texts (SPEC §8)", () => {
  it.each([
    ["invalid-email", "Invalid email"],
    ["user-not-found", "No account with that email was found"],
    ["wrong-password", "Incorrect password"],
    ["invalid-credential", "Email or password was incorrect"],
    ["too-many-requests", "Email or password was incorrect"],
    ["network", "Email or password was incorrect"],
  ])("%s → %s", (code, text) => {
    expect(loginErrorText(code)).toBe(text);
  });
});
