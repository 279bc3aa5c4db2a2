import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { profiles } from "../db/schema.ts";

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfileByUserId(db: Db, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** Usernames are stored lower-case, so the lookup is case-insensitive. */
export async function findProfileByUsername(db: Db, username: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(eq(profiles.username, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export type NewProfile = {
  userId: string;
  username: string;
  email: string | null;
  imgUrl: string | null;
  skills: string[];
  interests: string[];
};

export async function insertProfile(db: Db, profile: NewProfile): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(profile).returning();
  if (!row) throw new Error("insert into profiles returned no row");
  return row;
}

export async function updateProfile(
  db: Db,
  id: string,
  changes: { bio: string; skills: string[]; interests: string[]; showEmail: boolean },
): Promise<ProfileRow> {
  const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, id)).returning();
  if (!row) throw new Error("update of profiles returned no row");
  return row;
}
