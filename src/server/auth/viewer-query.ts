import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { profileColumns } from "../db/profile-columns.ts";
import { sessions, users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";
import { identityColumns } from "./users-repository.ts";

function buildViewerQuery(db: Db) {
  const now = sql.placeholder("now");
  return db
    .select({
      identity: identityColumns,
      profile: profileColumns,
      session: {
        publicId: sessions.publicId,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql`${now}::timestamptz`),
        // A suspension deletes the account's sessions; this keeps a racing sign-in out as well.
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, sql`${now}::timestamptz`)),
      ),
    )
    .limit(1);
}

/**
 * The live session's identity and profile in one query (one round trip, not three), prepared once
 * per database: every signed-in request runs it. Placeholders: `tokenHash` (the cookie's token,
 * hashed) and `now` (ISO 8601).
 */
export function viewerQuery(db: Db) {
  return preparedQuery(db, "viewer_by_session", (name) => buildViewerQuery(db).prepare(name));
}

/** The same query unprepared, for tools that read its SQL text (bench/floor-server.ts). */
export const viewerQueryForText = buildViewerQuery;
