import type { Db } from "../../db/database.ts";
import { sqlStateOf } from "../../http/storage-errors.ts";
import {
  findUserByEmail,
  findUserByOAuthAccount,
  insertOAuthUser,
  type NewOAuthUser,
} from "../users-repository.ts";
import type { Identity } from "../viewer.ts";

const UNIQUE_VIOLATION = "23505";

export type ProviderClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

/** The provider's picture only as an https URL: anything else (http, javascript:, data:) is dropped. */
export function httpsPictureOrNull(picture: string | null): string | null {
  if (!picture || picture.length > 2048) return null;
  try {
    return new URL(picture).protocol === "https:" ? picture : null;
  } catch {
    return null;
  }
}

export type SignInOutcome = { kind: "signed-in"; identity: Identity } | { kind: "email-taken" };

/**
 * The identity of a provider account, keyed by (issuer, subject), created on first sign-in. An
 * account is never joined to an existing identity because the emails match: when another identity
 * already uses the email, sign-in is refused instead.
 */
export async function signInWithProvider(db: Db, claims: ProviderClaims): Promise<SignInOutcome> {
  const existing = await findUserByOAuthAccount(db, claims.issuer, claims.subject);
  if (existing) return { kind: "signed-in", identity: existing };
  // Only a verified address is kept; an unverified one would let anyone claim someone's email.
  const email = claims.emailVerified && claims.email ? claims.email.trim().toLowerCase() : null;
  if (email && (await findUserByEmail(db, email))) return { kind: "email-taken" };
  const account: NewOAuthUser = {
    issuer: claims.issuer,
    subject: claims.subject,
    email,
    emailVerified: email !== null,
    displayName: claims.name,
    photoUrl: httpsPictureOrNull(claims.picture),
  };
  try {
    return { kind: "signed-in", identity: await insertOAuthUser(db, account) };
  } catch (error) {
    if (sqlStateOf(error) !== UNIQUE_VIOLATION) throw error;
    // A concurrent callback for the same account won the race, or the email was just taken.
    const raced = await findUserByOAuthAccount(db, claims.issuer, claims.subject);
    return raced ? { kind: "signed-in", identity: raced } : { kind: "email-taken" };
  }
}
