import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createSession } from "../../src/server/auth/session-store.ts";
import type { Db } from "../../src/server/db/database.ts";
import { users } from "../../src/server/db/schema.ts";
import { insertProfile, type ProfileRow } from "../../src/server/profiles/profiles-repository.ts";

export type TestUser = {
  userId: string;
  username: string;
  email: string;
  profile: ProfileRow | null;
  /** Value for the `cookie` header (of `app.inject`, fetch or a WebSocket). */
  cookie: string;
};

const unique = () => randomBytes(4).toString("hex");

/** `count` signed-in members with profiles, made one after the other. */
export async function createSignedInUsers(
  on: FastifyInstance | Db,
  count: number,
): Promise<TestUser[]> {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) made.push(await createSignedInUser(on));
  return made;
}

/**
 * A signed-in member written straight into the database (no password): account, session, and a
 * profile unless `withProfile: false` (then no display name either, as after a fresh sign-up). On
 * the in-process app, or on the database of server processes (`Db`). For tests of features that
 * need a session, not of sign-in itself.
 */
export async function createSignedInUser(
  on: FastifyInstance | Db,
  options: {
    username?: string;
    email?: string;
    /** Whether the member proved the email (true unless a test needs an unverified one). */
    emailVerified?: boolean;
    withProfile?: boolean;
    skills?: string[];
  } = {},
): Promise<TestUser> {
  const db = "database" in on ? on.database.db : on;
  const withProfile = options.withProfile ?? true;
  const username = options.username ?? `user_${unique()}`;
  const email = options.email ?? `${username}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      emailVerified: options.emailVerified ?? true,
      displayName: withProfile ? username : null,
    })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  const profile = withProfile
    ? await insertProfile(db, {
        userId: user.id,
        username,
        email,
        imgUrl: null,
        skills: options.skills ?? [],
        interests: [],
      })
    : null;
  const { token } = await createSession(db, user.id);
  return { userId: user.id, username, email, profile, cookie: `ylt_session=${token}` };
}
