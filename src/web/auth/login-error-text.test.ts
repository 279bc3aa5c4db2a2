import { describe, expect, it } from "vitest";
import { loginErrorText, loginRefusal, pausedSignInText } from "./login-error-text.ts";

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

describe("paused sign-in text", () => {
  const utc = { locale: "en-GB", timeZone: "UTC" };
  const inMinutes = (minutes: number, seconds = 0) =>
    new Date(Date.now() + minutes * 60_000 + seconds * 1000);

  it("says plainly that sign-in is paused and until when, rounded up to the minute", () => {
    const resumes = inMinutes(14, 20);
    const shown = new Date(Math.ceil(resumes.getTime() / 60_000) * 60_000);
    const hhmm = `${String(shown.getUTCHours()).padStart(2, "0")}:${String(shown.getUTCMinutes()).padStart(2, "0")}`;
    const text = pausedSignInText(resumes.toISOString(), utc);
    // Near midnight the day is named as well; the time is there either way.
    expect(text).toMatch(
      /^Sign-in to this account is paused after too many failed attempts\. Try again at (.+, )?\d\d:\d\d\.$/,
    );
    expect(text).toContain(`${hhmm}.`);
  });

  it("names the day when sign-in resumes on another day", () => {
    expect(pausedSignInText(inMinutes(3 * 24 * 60).toISOString(), utc)).toMatch(
      /Try again at \d{1,2} [A-Z][a-z]+, \d\d:\d\d\.$/,
    );
  });

  it("gives nothing for a time it cannot read", () => {
    expect(pausedSignInText("soon")).toBeNull();
  });
});

describe("how the login page shows a refusal (issue 20)", () => {
  it.each([
    [
      "invalid-credential",
      "The email or password is incorrect.",
      "Email or password was incorrect",
    ],
    ["wrong-password", "The password is incorrect.", "Incorrect password"],
  ])("keeps SPEC's text and notice for %s", (code, message, text) => {
    expect(loginRefusal(code, message)).toEqual({ text, field: null, notice: message });
  });

  it("puts 'Invalid email' on the Email field", () => {
    expect(loginRefusal("invalid-email", "The email address is badly formatted.")).toEqual({
      text: "Invalid email",
      field: "email",
      notice: "The email address is badly formatted.",
    });
  });

  it.each(["too-many-requests", "network", "internal", "unknown", "account-suspended"])(
    "says what happened for %s, in the form only",
    (code) => {
      expect(loginRefusal(code, "What happened.")).toEqual({
        text: "What happened.",
        field: null,
        notice: null,
      });
    },
  );

  it("says until when for a paused account", () => {
    const pausedUntil = new Date(Date.now() + 5 * 60_000).toISOString();
    expect(loginRefusal("too-many-requests", "Paused.", pausedUntil).text).toMatch(
      /^Sign-in to this account is paused after too many failed attempts\. Try again at /,
    );
  });
});
