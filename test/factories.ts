import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { createSession } from "../src/server/auth/session-store.ts";
import { users } from "../src/server/db/schema.ts";
import { insertProfile, type ProfileRow } from "../src/server/profiles/profiles-repository.ts";

export type TestUser = {
  userId: string;
  email: string;
  profile: ProfileRow | null;
  /** Value for the `cookie` header of `app.inject`. */
  cookie: string;
};

const unique = () => randomBytes(4).toString("hex");

/**
 * A signed-in user straight in the database (no password), with a profile unless
 * `withProfile: false`. For tests of features that need a session, not of sign-in itself.
 */
export async function createSignedInUser(
  app: FastifyInstance,
  options: { username?: string; email?: string; withProfile?: boolean; skills?: string[] } = {},
): Promise<TestUser> {
  const db = app.database.db;
  const username = options.username ?? `user_${unique()}`;
  const email = options.email ?? `${username}@example.test`;
  const [user] = await db.insert(users).values({ email, displayName: username }).returning();
  if (!user) throw new Error("user insert returned nothing");
  const profile =
    options.withProfile === false
      ? null
      : await insertProfile(db, {
          userId: user.id,
          username,
          email,
          imgUrl: null,
          skills: options.skills ?? [],
          interests: [],
        });
  const { token } = await createSession(db, user.id);
  return { userId: user.id, email, profile, cookie: `ylt_session=${token}` };
}
