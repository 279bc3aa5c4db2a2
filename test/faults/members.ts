import { randomBytes } from "node:crypto";
import { createSession } from "../../src/server/auth/session-store.ts";
import type { Db } from "../../src/server/db/database.ts";
import { users } from "../../src/server/db/schema.ts";
import { insertProfile } from "../../src/server/profiles/profiles-repository.ts";

export type Member = { userId: string; username: string; cookie: string };

/**
 * A signed-in user written straight into a database a server process uses: with a profile, or
 * (`withProfile: false`) a bare identity with no display name, as after a fresh sign-up.
 */
export async function createMember(
  db: Db,
  username = `m_${randomBytes(4).toString("hex")}`,
  { withProfile = true }: { withProfile?: boolean } = {},
): Promise<Member> {
  const email = `${username}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ email, displayName: withProfile ? username : null })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  if (withProfile) {
    await insertProfile(db, {
      userId: user.id,
      username,
      email,
      imgUrl: null,
      skills: [],
      interests: [],
    });
  }
  const { token } = await createSession(db, user.id);
  return { userId: user.id, username, cookie: `ylt_session=${token}` };
}
