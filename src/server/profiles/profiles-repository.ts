import { and, eq, gt, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import { nameIfUnnamed } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { type ProfileRow, profileColumns } from "../db/profile-columns.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { users } from "../db/tables/auth.ts";
import { profiles, retiredUsernames } from "../db/tables/profiles.ts";
import type { AreaValues } from "../places/index.ts";
import { writeUnlessViolated } from "../write/index.ts";
import type { ServiceColumns } from "./service-changes.ts";

export type { ProfileRow };

/** A profile and whether its owner verified their email (an unverified one is shown to nobody else). */
export type ProfileWithOwner = ProfileRow & { emailVerified: boolean };

/** The profile named `username`, in any letter case. */
export async function findProfileByUsername(
  db: Db,
  username: string,
): Promise<ProfileWithOwner | null> {
  const [row] = await db
    .select({ profile: profileColumns, emailVerified: users.emailVerified })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  return row ? { ...row.profile, emailVerified: row.emailVerified } : null;
}

export type NewProfile = {
  userId: string;
  username: string;
  email: string | null;
  imgUrl: string | null;
  skills: string[];
  interests: string[];
} & Partial<ServiceColumns>;

export async function insertProfile(db: Db, profile: NewProfile): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(profile).returning(profileColumns);
  if (!row) throw new Error("insert into profiles returned no row");
  return row;
}

/**
 * The identity's one profile, and the identity named after it when it has no display name yet (for
 * chat and the like), in one transaction; or why not: the name is taken (by a profile, or by an
 * account deleted less than RETIRED_USERNAME_DAYS ago), or the profile exists.
 */
export async function createProfile(
  db: Db,
  profile: NewProfile,
): Promise<WriteResult<ProfileRow, "username-taken" | "profile-exists">> {
  if (await isUsernameRetired(db, profile.username)) return { ok: false, reason: "username-taken" };
  const reasons = {
    profiles_username_unique: "username-taken",
    profiles_user_id_unique: "profile-exists",
  } as const;
  return writeUnlessViolated(db, reasons, async (tx) => {
    const created = await insertProfile(tx, profile);
    await nameIfUnnamed(tx, profile.userId, profile.username);
    return created;
  });
}

export async function updateProfile(
  db: Db,
  id: string,
  changes: {
    bio: string;
    skills: string[];
    interests: string[];
    showEmail: boolean;
    noindex: boolean;
  } & AreaValues &
    Partial<ServiceColumns>,
): Promise<ProfileRow> {
  const [row] = await db
    .update(profiles)
    .set(changes)
    .where(eq(profiles.id, id))
    .returning(profileColumns);
  if (!row) throw new Error("update of profiles returned no row");
  return row;
}

async function isUsernameRetired(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ username: retiredUsernames.username })
    .from(retiredUsernames)
    .where(and(eq(retiredUsernames.username, username), gt(retiredUsernames.until, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Keeps a deleted account's username from anyone else for `days` (issue 15: nobody poses as the
 * member who left), as part of `tx`, the deletion's transaction.
 */
export async function retireUsername(tx: Db, username: string, days: number): Promise<void> {
  const until = sql`now() + make_interval(days => ${days}::int)`;
  await tx
    .insert(retiredUsernames)
    .values({ username, until })
    .onConflictDoUpdate({ target: retiredUsernames.username, set: { until } });
}

/** The profile's contact address follows its account's new address (a proved change), in `tx`. */
export async function setProfileEmail(tx: Db, userId: string, email: string): Promise<void> {
  await tx.update(profiles).set({ email }).where(eq(profiles.userId, userId));
}

/** The profile's picture is now at `imgUrl` (a new photo, or the generated avatar), as part of `tx`. */
export async function setProfileImgUrl(tx: Db, profileId: string, imgUrl: string): Promise<void> {
  await tx.update(profiles).set({ imgUrl }).where(eq(profiles.id, profileId));
}
