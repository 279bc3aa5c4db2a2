import { and, count, eq, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import type { Db } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { profileColumns } from "../db/profile-columns.ts";
import { users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviews } from "../db/tables/reviews.ts";
import { publicSql } from "../visibility/index.ts";
import type { ProfileWithOwner } from "./profiles-repository.ts";

/** A profile page's row: the profile, its owner's verification, and its review summary. */
export type ProfilePage = {
  profile: ProfileWithOwner;
  /** Reviews neither hidden by moderators nor withheld: how many, and the sum of their ratings. */
  stats: { count: number; sum: number };
};

function buildProfilePageQuery(db: Db) {
  const stats = db
    .select({
      count: sql<number>`${count()}::int`.as("review_count"),
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`.as("rating_sum"),
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.subjectId, profiles.id),
        publicSql({ hiddenAt: reviews.hiddenAt, withheld: reviews.withheld }),
      ),
    )
    .as("stats");
  return db
    .select({
      profile: profileColumns,
      emailVerified: users.emailVerified,
      count: stats.count,
      sum: stats.sum,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(eq(profiles.username, sql.placeholder("username")))
    .limit(1);
}

/**
 * The profile named `username` (any letter case) with its owner's verification and its review
 * count and rating sum, in one round trip, prepared once per database; null when there is none.
 */
export async function findProfilePage(db: Db, username: string): Promise<ProfilePage | null> {
  const query = preparedQuery(db, "profile_page", (name) =>
    buildProfilePageQuery(db).prepare(name),
  );
  const [row] = await query.execute({ username: storedUsername(username) });
  if (!row) return null;
  return {
    profile: { ...row.profile, emailVerified: row.emailVerified },
    stats: { count: row.count ?? 0, sum: row.sum ?? 0 },
  };
}

/** The same query unprepared (placeholder `username`, stored form), for bench/floor-server.ts. */
export const profilePageQueryForText = buildProfilePageQuery;
