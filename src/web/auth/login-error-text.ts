import type { ClientErrorCode, ErrorCode } from "../../shared/error-codes.ts";
import { suspendedMessage } from "../../shared/suspension-text.ts";

/** The inline text the login page shows for a failed sign-in (SPEC §8), by the API's error code. */
export function loginErrorText(code: string): string {
  switch (code as ErrorCode | ClientErrorCode) {
    case "invalid-email":
      return "Invalid email";
    case "user-not-found":
      return "No account with that email was found";
    case "wrong-password":
      return "Incorrect password";
    default:
      // invalid-credential (enumeration protection) and other refusals of the credentials.
      return "Email or password was incorrect";
  }
}

/**
 * Failures that say nothing about the email or password: 'Email or password was incorrect' would
 * be untrue (issue 20), so the form shows their own words (SPEC §8 passes the identity service's
 * messages for too many requests and network failures through), and only there.
 */
const NOT_ABOUT_CREDENTIALS = new Set<string>([
  "too-many-requests",
  "account-suspended",
  "network",
  "offline",
  "unknown",
  "internal",
  "storage-unavailable",
  "shutting-down",
  "request-timeout",
  "session-changed",
] satisfies (ErrorCode | ClientErrorCode)[]);

export type LoginRefusal = {
  /** What the form says, under the field it is about or above the button. */
  text: string;
  field: "email" | null;
  /** SPEC §8's alert with the provider's message, for the refusals SPEC lists. */
  notice: string | null;
};

/** How the login page shows a refused sign-in: `code`, the server's `message`, `pausedUntil`. */
export function loginRefusal(
  code: string,
  message: string,
  pausedUntil?: string,
  options: TimeOptions = {},
): LoginRefusal {
  if (NOT_ABOUT_CREDENTIALS.has(code)) {
    const paused = pausedUntil ? pausedSignInText(pausedUntil, options) : null;
    return { text: paused ?? message, field: null, notice: null };
  }
  return {
    text: loginErrorText(code),
    field: code === "invalid-email" ? "email" : null,
    notice: message,
  };
}

type TimeOptions = { locale?: string | undefined; timeZone?: string | undefined };

/**
 * The inline text for an account whose sign-in is paused (the per-account lock), in place of SPEC
 * §8's 'Email or password was incorrect', which would be untrue even for the right password. The
 * time is rounded up to the minute, so trying at the minute shown works. Null for a bad time.
 */
export function pausedSignInText(pausedUntil: string, options: TimeOptions = {}): string | null {
  const resumes = Date.parse(pausedUntil);
  if (Number.isNaN(resumes)) return null;
  const minute = new Date(Math.ceil(resumes / 60_000) * 60_000);
  const { locale, timeZone } = options;
  const day = (date: Date) => date.toLocaleDateString(locale, { timeZone });
  const time = minute.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", timeZone });
  const when =
    day(minute) === day(new Date())
      ? time
      : `${minute.toLocaleDateString(locale, { day: "numeric", month: "long", timeZone })}, ${time}`;
  return `Sign-in to this account is paused after too many failed attempts. Try again at ${when}.`;
}

/**
 * A Google sign-in refused for suspension comes back with `until` (an ISO time or "indefinite"):
 * the words the password sign-in shows. Without a usable `until`, only that it is suspended.
 */
export function googleSuspendedText(until: string | null): string {
  if (until !== "indefinite" && (!until || Number.isNaN(Date.parse(until)))) {
    return "Your account is suspended.";
  }
  return suspendedMessage(until);
}
