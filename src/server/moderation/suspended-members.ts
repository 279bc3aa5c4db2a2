import { asc, eq, gt, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import { suspendedUntilText } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";

/**
 * Members suspended now (issue 34), the soonest to end first ('infinity' sorts last), at most
 * `limit`: what /moderation lists with Lift, whether or not a report still names them.
 */
export function suspendedMembers(db: Db, limit: number) {
  return db
    .select({ username: profiles.username, suspendedUntil: sql<string>`${suspendedUntilText}` })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(gt(users.suspendedUntil, sql`now()`))
    .orderBy(asc(users.suspendedUntil), asc(profiles.username))
    .limit(limit);
}

/** One member's suspension as a moderator sees it on their profile; null: no such member. */
export async function memberSuspension(db: Db, username: string) {
  const [row] = await db
    .select({ username: profiles.username, suspendedUntil: suspendedUntilText })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  return row ?? null;
}
