import { suspendedMessage } from "../../shared/suspension-text.ts";
import { AppError, fixedError } from "../http/app-error.ts";
import type { PasswordStrength } from "./password-policy.ts";

/** The identity API's errors: stable codes the web maps to SPEC §8 texts, with readable messages. */
export const invalidEmail = () =>
  new AppError(400, "invalid-email", "The email address is badly formatted.", {
    fields: { email: "Enter an email address such as name@example.com." },
  });

/** No email at all is not a badly formatted one (issue 20): the same code, plainer words. */
export const missingEmail = () =>
  new AppError(400, "invalid-email", "Enter your email.", {
    fields: { email: "Enter your email." },
  });

const WEAK_PASSWORD_MESSAGES: Record<Exclude<PasswordStrength, "ok">, string> = {
  "too-short": "Password should be at least 6 characters.",
  "too-long": "Password should be at most 128 characters.",
  blank: "Password cannot be only spaces.",
  common: "This password is too common. Choose one that is harder to guess.",
};

/** `field`: the form field that holds the new password ("password" on sign-up and reset). */
export const weakPassword = (reason: Exclude<PasswordStrength, "ok">, field = "password") =>
  new AppError(400, "weak-password", WEAK_PASSWORD_MESSAGES[reason], {
    fields: { [field]: WEAK_PASSWORD_MESSAGES[reason] },
  });

export const emailAlreadyInUse = () =>
  new AppError(
    409,
    "email-already-in-use",
    "The email address is already in use by another account.",
    {
      fields: { email: "An account already uses this email." },
    },
  );

export const invalidCredential = fixedError(
  401,
  "invalid-credential",
  "The email or password is incorrect.",
);

export const userNotFound = fixedError(
  401,
  "user-not-found",
  "There is no account with this email.",
);

export const wrongPassword = fixedError(401, "wrong-password", "The password is incorrect.");

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const tooManyRequests = (retryAfterSeconds: number, what = "attempts") =>
  new AppError(
    429,
    "too-many-requests",
    `Too many ${what}. Please try again in ${minutes(retryAfterSeconds)} minute${minutes(retryAfterSeconds) === 1 ? "" : "s"}.`,
    { headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
  );

/**
 * The per-account (or per-device) lock: 429 too-many-requests like the other limits, with the time
 * it resumes in `fields.pausedUntil` (ISO 8601) so the form can say plainly until when. `what`:
 * what is paused (sign-in, or the password asked again before a change, issue 28 item 7).
 */
export const signInPaused = (retryAfterSeconds: number, what = "Sign-in to this account") => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    "too-many-requests",
    `${what} is paused after too many failed attempts. Please try again in ${minutes(seconds)} minute${minutes(seconds) === 1 ? "" : "s"}.`,
    {
      fields: { pausedUntil: new Date(Date.now() + seconds * 1000).toISOString() },
      headers: { "Retry-After": String(seconds) },
    },
  );
};

/** The same lock met by a password asked again in settings (change email or password, deletion). */
export const passwordChecksPaused = (retryAfterSeconds: number) =>
  signInPaused(retryAfterSeconds, "Confirming changes with your password");

/**
 * The right password of a suspended account (issue 16): says until when, in words the sign-in form
 * shows as they are. `until`: an ISO time or "indefinite" (users-repository.ts suspendedUntilText).
 */
export const accountSuspended = (until: string) =>
  new AppError(403, "account-suspended", suspendedMessage(until));
