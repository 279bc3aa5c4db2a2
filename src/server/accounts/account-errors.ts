import { AppError, fixedError } from "../http/app-error.ts";

/** Every bad link (malformed, forged, unknown, expired, used, for another purpose) answers this. */
export const invalidToken = fixedError(
  400,
  "invalid-token",
  "This link is invalid or has expired.",
);

export const alreadyVerified = fixedError(
  409,
  "already-verified",
  "Your email address is already verified.",
);

export const noEmailToVerify = fixedError(
  400,
  "invalid-input",
  "This account has no email address to verify.",
);

export const mailUnavailable = fixedError(
  503,
  "mail-unavailable",
  "Email is not set up on this server.",
);

/** A password asked again before a sensitive change; `field` is the form field that held it. */
export const wrongCurrentPassword = (field: string) =>
  new AppError(400, "wrong-password", "The password is incorrect.", {
    fields: { [field]: "The password is incorrect." },
  });

/** The same refusal as wrongCurrentPassword when the form sent no password at all: it asks for one. */
export const passwordMissing = (field: string) =>
  new AppError(400, "wrong-password", "Enter your current password to confirm this change.", {
    fields: { [field]: "Enter your current password." },
  });

export const reauthenticationRequired = fixedError(
  403,
  "reauthentication-required",
  "Please sign in with Google again to confirm it is you, then try again.",
);

/** PUT /api/me/email with the address the account already has: the same 409 as a taken one. */
export const sameEmail = () =>
  new AppError(409, "email-already-in-use", "This is already your account's email address.", {
    fields: { email: "This is already your email. Enter a different address." },
  });
