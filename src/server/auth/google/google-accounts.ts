import type { Db } from "../../db/database.ts";
import {
  findUserByOAuthAccount,
  type Identity,
  insertOAuthUser,
  suspensionOf,
  takeOverUnverifiedAccount,
} from "../users-repository.ts";

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

export type SignInOutcome =
  | { kind: "signed-in"; identity: Identity }
  | { kind: "email-taken" }
  /** A moderator suspended the account (issue 16): `until` an ISO time or "indefinite". */
  | { kind: "suspended"; until: string };

/** The outcome for the identity a provider account signs in to: refused while it is suspended. */
async function unlessSuspended(db: Db, identity: Identity): Promise<SignInOutcome> {
  const until = await suspensionOf(db, identity.id);
  return until ? { kind: "suspended", until } : { kind: "signed-in", identity };
}

/**
 * The identity of a provider account, keyed by (issuer, subject), created on first sign-in. An
 * account is never joined to an identity that proved the same email: sign-in is refused instead.
 * One whose email nobody proved (anyone can type an address at sign-up) is taken over by the
 * provider account that proves it (issue 15): the real owner is never locked out by a squatter.
 */
export async function signInWithProvider(db: Db, claims: ProviderClaims): Promise<SignInOutcome> {
  const existing = await findUserByOAuthAccount(db, claims.issuer, claims.subject);
  if (existing) return unlessSuspended(db, existing);
  // Only a verified address is kept; an unverified one would let anyone claim someone's email.
  const email = claims.emailVerified && claims.email ? claims.email.trim().toLowerCase() : null;
  if (email) {
    const { issuer, subject } = claims;
    const takenOver = await takeOverUnverifiedAccount(db, { issuer, subject, email });
    if (takenOver) return unlessSuspended(db, takenOver);
  }
  const created = await insertOAuthUser(db, {
    issuer: claims.issuer,
    subject: claims.subject,
    email,
    emailVerified: email !== null,
    displayName: claims.name,
    photoUrl: httpsPictureOrNull(claims.picture),
  });
  if (created.ok) return { kind: "signed-in", identity: created.value };
  if (created.reason === "email-taken") return { kind: "email-taken" };
  // A concurrent callback for the same account won the race: sign in to what it created.
  const raced = await findUserByOAuthAccount(db, claims.issuer, claims.subject);
  if (!raced) throw new Error("the provider account conflicted but is not there");
  return unlessSuspended(db, raced);
}
