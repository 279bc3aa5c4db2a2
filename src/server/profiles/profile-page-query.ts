import { and, eq, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import type { Db } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { profileColumns } from "../db/profile-columns.ts";
import { users } from "../db/tables/auth.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviews } from "../db/tables/reviews.ts";
import { countedReviewsSql, type ReviewStats, reviewStatsColumns } from "../reviews/index.ts";
import type { ProfileWithOwner } from "./profiles-repository.ts";

/** A profile page's row: the profile, its owner's verification, and its review summary. */
export type ProfilePage = {
  profile: ProfileWithOwner;
  /**
   * Reviews neither hidden by moderators, withheld nor held: how many, the sum of their ratings,
   * how many are contact-backed.
   */
  stats: ReviewStats;
};

function buildProfilePageQuery(db: Db) {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const stats = db
    .select({
      count: reviewStatsColumns.count.as("review_count"),
      sum: reviewStatsColumns.sum.as("rating_sum"),
      contactBacked: reviewStatsColumns.contactBacked.as("contact_backed_count"),
    })
    .from(reviews)
    .where(and(eq(reviews.subjectId, profiles.id), countedReviewsSql(now)))
    .as("stats");
  return db
    .select({
      profile: profileColumns,
      emailVerified: users.emailVerified,
      count: stats.count,
      sum: stats.sum,
      contactBacked: stats.contactBacked,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoinLateral(stats, sql`true`)
    .where(eq(profiles.username, sql.placeholder("username")))
    .limit(1);
}

/**
 * The profile named `username` (any letter case) with its owner's verification and its review
 * count, rating sum and contact-backed count as of `now` (the app's clock: held reviews), in one
 * round trip, prepared once per database; null when there is none.
 */
export async function findProfilePage(
  db: Db,
  username: string,
  now: Date,
): Promise<ProfilePage | null> {
  const query = preparedQuery(db, "profile_page", (name) =>
    buildProfilePageQuery(db).prepare(name),
  );
  const [row] = await query.execute({ username: storedUsername(username), now: now.toISOString() });
  if (!row) return null;
  return {
    profile: { ...row.profile, emailVerified: row.emailVerified },
    stats: { count: row.count ?? 0, sum: row.sum ?? 0, contactBacked: row.contactBacked ?? 0 },
  };
}

/**
 * The same query unprepared (placeholders `username`, stored form, and `now`), for
 * bench/floor-server.ts.
 */
export const profilePageQueryForText = buildProfilePageQuery;
