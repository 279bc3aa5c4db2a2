import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { accountTokens } from "../db/tables/accounts.ts";
import { oauthAccounts, sessions, users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";
import { writeUnlessViolated } from "../write/index.ts";
import { revokeOtherSessions } from "./session-store.ts";
import { announceSessionsEnded } from "./sessions-ended.ts";

/** A signed-in person as the server knows them (SPEC §3: uid, displayName, photoURL). */
export type Identity = {
  id: string;
  email: string | null;
  displayName: string | null;
  photoUrl: string | null;
  /** Whether the account proved it receives mail at `email`. */
  emailVerified: boolean;
};

/**
 * When the account's suspension ends as the wire says it (src/shared/moderation.ts): an ISO time,
 * "indefinite" ('infinity' in the table), or null when it is not suspended (never, lifted, or over).
 * Formatted by the database: 'infinity' has no JavaScript Date.
 */
export const suspendedUntilText = sql<string | null>`case
  when ${users.suspendedUntil} is null or ${users.suspendedUntil} <= now() then null
  when ${users.suspendedUntil} = 'infinity' then 'indefinite'
  else to_char(${users.suspendedUntil} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
end`;

/** An account with what signing in with a password checks: its hash, and whether it is suspended. */
export type UserWithPassword = Identity & {
  passwordHash: string | null;
  /** See suspendedUntilText: null unless suspended now. */
  suspendedUntil: string | null;
};

export const identityColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  emailVerified: users.emailVerified,
};

async function findUserWhere(db: Db, where: SQL): Promise<UserWithPassword | null> {
  const [row] = await db
    .select({
      ...identityColumns,
      passwordHash: users.passwordHash,
      suspendedUntil: suspendedUntilText,
    })
    .from(users)
    .where(where)
    .limit(1);
  return row ?? null;
}

/** `email` must already be normalized (trimmed, lower-case). */
export function findUserByEmail(db: Db, email: string): Promise<UserWithPassword | null> {
  return findUserWhere(db, eq(users.email, email));
}

export function findUserById(db: Db, id: string): Promise<UserWithPassword | null> {
  return findUserWhere(db, eq(users.id, id));
}

/**
 * A new account and what `afterInsert` writes with it, together or not at all; or `email-taken`
 * when another account has the email.
 */
export function insertPasswordUser(
  db: Db,
  user: { email: string; passwordHash: string },
  afterInsert?: (tx: Db, identity: Identity) => Promise<void>,
): Promise<WriteResult<Identity, "email-taken">> {
  return writeUnlessViolated(db, { users_email_unique: "email-taken" }, async (tx) => {
    const [row] = await tx.insert(users).values(user).returning(identityColumns);
    if (!row) throw new Error("insert into users returned no row");
    await afterInsert?.(tx, row);
    return row;
  });
}

export async function findUserByOAuthAccount(
  db: Db,
  issuer: string,
  subject: string,
): Promise<Identity | null> {
  const [row] = await db
    .select(identityColumns)
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.issuer, issuer), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return row ?? null;
}

export type NewOAuthUser = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
};

/**
 * A new identity and its provider account, together or not at all; or `email-taken` when another
 * account has the email, `account-exists` when another request has just created this one.
 */
export function insertOAuthUser(
  db: Db,
  account: NewOAuthUser,
): Promise<WriteResult<Identity, "email-taken" | "account-exists">> {
  const reasons = {
    users_email_unique: "email-taken",
    oauth_accounts_issuer_subject_pk: "account-exists",
  } as const;
  return writeUnlessViolated(db, reasons, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: account.email,
        emailVerified: account.emailVerified,
        displayName: account.displayName,
        photoUrl: account.photoUrl,
      })
      .returning(identityColumns);
    if (!row) throw new Error("insert into users returned no row");
    await tx
      .insert(oauthAccounts)
      .values({ issuer: account.issuer, subject: account.subject, userId: row.id });
    return row;
  });
}

/**
 * Makes every unused one-time link of the account useless (verify, reset, change of address): a
 * link asked for by whoever held the account before must not hand it back later (issue 28 item 2).
 * The rows stay, for the per-account mail counts.
 */
async function voidPendingLinks(tx: Db, userId: string): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ expiresAt: sql`least(${accountTokens.expiresAt}, now())` })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}

/**
 * Ends every session of the account and voids its pending links: what a proof of the address (a
 * reset link, a Google sign-in) or a suspension does to whoever held the account before.
 */
export async function revokeAllAccess(tx: Db, userId: string): Promise<void> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ publicId: sessions.publicId });
  await announceSessionsEnded(
    tx,
    ended.map((row) => row.publicId),
  );
  await voidPendingLinks(tx, userId);
}

/**
 * In `tx`: every session but `keepPublicId` (the browser asking) ends and every pending link is
 * void, as a new password or "sign out everywhere else" must do to someone who knew the old one.
 */
export async function revokeOtherAccess(
  tx: Db,
  userId: string,
  keepPublicId: string,
): Promise<void> {
  await revokeOtherSessions(tx, userId, keepPublicId);
  await voidPendingLinks(tx, userId);
}

/**
 * Issue 15: someone may have registered this address without proving it (a squatter). The Google
 * account that proves the address takes that account over, in one transaction: the provider account
 * is linked, the squatter's password dropped, every session revoked and every pending one-time link
 * (a change of address the squatter asked for, say) made useless. Null when no unverified account
 * has the address (a verified one is never joined by email alone).
 */
export async function takeOverUnverifiedAccount(
  db: Db,
  account: { issuer: string; subject: string; email: string },
): Promise<Identity | null> {
  const reasons = { oauth_accounts_issuer_subject_pk: "account-exists" } as const;
  const result = await writeUnlessViolated(db, reasons, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash: null, emailVerified: true })
      .where(and(eq(users.email, account.email), eq(users.emailVerified, false)))
      .returning(identityColumns);
    if (!row) return null;
    await tx
      .insert(oauthAccounts)
      .values({ issuer: account.issuer, subject: account.subject, userId: row.id });
    await revokeAllAccess(tx, row.id);
    return row;
  });
  // A concurrent callback linked this provider account first: the caller signs in to that one.
  return result.ok ? result.value : null;
}

/** Until when the account is suspended (see suspendedUntilText), or null when it is not. */
export async function suspensionOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ until: suspendedUntilText })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.until ?? null;
}

/**
 * suspensionOf inside a sign-in's transaction, holding the account's row until it ends: a suspension
 * committing meanwhile either is seen here or waits, and then deletes the session this one starts.
 */
export async function suspensionHeldForSignIn(tx: Db, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ until: suspendedUntilText })
    .from(users)
    .where(eq(users.id, userId))
    .for("share");
  return row?.until ?? null;
}

/** Whether the identity has created its profile yet (where to send it after signing in). */
export async function hasProfile(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** When the account was created (its age decides whether it is new, NEW_ACCOUNT_HOURS); null: none. */
export async function accountCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.createdAt ?? null;
}
