import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { sessions } from "../db/tables/auth.ts";
import { hashToken, issueSecretToken } from "./secret-token.ts";
import { announceSessionsEnded } from "./sessions-ended.ts";

/** Absolute session lifetime (DESIGN §4: at most 30 days). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The User-Agent kept per session (enough to name the browser; no unbounded headers stored). */
export const USER_AGENT_MAX_LENGTH = 300;

/** Starts a session: the cookie gets the token, the database only its hash. */
export async function createSession(
  db: Db,
  userId: string,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash, expiresAt } = issueSecretToken(SESSION_LIFETIME_MS);
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  });
  return { token, expiresAt };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ publicId: sessions.publicId });
  await announceSessionsEnded(
    db,
    ended.map((row) => row.publicId),
  );
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** How stale `last_used_at` may get: the viewer lookup writes it at most this often per session. */
export const LAST_USED_PRECISION_MS = 5 * 60 * 1000;

/**
 * Marks the session used now, unless another request (on any instance) just did: the condition
 * keeps parallel requests from all writing.
 */
export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        lt(sessions.lastUsedAt, new Date(Date.now() - LAST_USED_PRECISION_MS)),
      ),
    );
}

export type SessionRow = {
  publicId: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
};

/** The account's live sessions, most recently used first. */
export function listSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select({
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ends the account's session named `publicId`; false when the account has no such session. */
export async function revokeSessionById(
  db: Db,
  userId: string,
  publicId: string,
): Promise<boolean> {
  // Not a uuid: no session has it (and the database would refuse to compare it).
  if (!UUID.test(publicId)) return false;
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId.toLowerCase())))
    .returning({ publicId: sessions.publicId });
  await announceSessionsEnded(
    db,
    deleted.map((row) => row.publicId),
  );
  return deleted.length > 0;
}

/** Ends every session of the account but `keepPublicId` (the browser asking). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepPublicId: string,
): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.publicId, keepPublicId)))
    .returning({ publicId: sessions.publicId });
  await announceSessionsEnded(
    db,
    ended.map((row) => row.publicId),
  );
}
