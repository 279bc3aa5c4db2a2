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
      // invalid-credential (enumeration protection), too-many-requests, network and the rest.
      return "Email or password was incorrect";
  }
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
