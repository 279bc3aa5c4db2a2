import { z } from "zod";
import { identitySchema } from "./identity.ts";
import { safeReturnPath } from "./return-path.ts";

/**
 * Email and password as the register and login forms send them. The routes check the email's form
 * and the password's strength themselves, to answer the specific codes below.
 */
export const credentialsSchema = z.object({
  email: z.string().max(1000),
  password: z.string().max(4096),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** An email as accounts store it: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailFormat = z.email().max(254);

export function isValidEmail(email: string): boolean {
  return emailFormat.safeParse(email).success;
}

/** POST /api/auth/register and /api/auth/login answer the signed-in identity. */
export const authUserResponseSchema = z.object({ user: identitySchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

export const googleIntentSchema = z.object({
  intent: z.enum(["login", "register"]).default("login"),
  /** Where to go once signed in (safeReturnPath); anything else is dropped, not refused. */
  next: z
    .string()
    .optional()
    .transform((raw) => safeReturnPath(raw) ?? undefined)
    .catch(undefined),
});
export type GoogleIntent = z.infer<typeof googleIntentSchema>["intent"];

/** GET /api/auth/providers: the ways to sign in this server offers besides email and password. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Why a Google sign-in failed, as the callback reports it to /register?error=<code>. The page shows
 * the message; passing a code rather than text keeps a crafted link from showing arbitrary words.
 */
export const GOOGLE_ERROR_MESSAGES = {
  "google-unavailable": "Google sign-in is not available right now. Please try again later.",
  "google-cancelled": "Google sign-in was cancelled.",
  "google-failed": "Google sign-in failed. Please try again.",
  "account-exists-with-different-credential":
    "An account already uses this Google account's email. Sign in with your email and password.",
} as const;
export type GoogleErrorCode = keyof typeof GOOGLE_ERROR_MESSAGES;

export function googleErrorMessage(code: string | null): string {
  return code && Object.hasOwn(GOOGLE_ERROR_MESSAGES, code)
    ? GOOGLE_ERROR_MESSAGES[code as GoogleErrorCode]
    : GOOGLE_ERROR_MESSAGES["google-failed"];
}
