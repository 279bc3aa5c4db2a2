import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { profiles, sessions } from "../db/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in user without a profile whose session ran out a second ago. */
async function userWithExpiredSession() {
  const user = await createSignedInUser(t.app, { withProfile: false });
  await t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, user.userId));
  return user;
}

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const createProfile = (cookie: string, username: string) =>
  t.app.inject({ method: "POST", url: "/api/users", headers: { cookie }, payload: { username } });

describe("an expired session", () => {
  it("is signed out for /api/me", async () => {
    const live = await createSignedInUser(t.app, { withProfile: false });
    expect((await me(live.cookie)).json().user).not.toBeNull();
    const expired = await userWithExpiredSession();
    expect((await me(expired.cookie)).json()).toEqual({ user: null, profile: null });
  });

  it("cannot write: creating a profile answers 401 and stores nothing", async () => {
    const expired = await userWithExpiredSession();
    const res = await createProfile(expired.cookie, `late_${Date.now()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
    const stored = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, expired.userId));
    expect(stored).toEqual([]);
    // The same request with a live session goes through, so the 401 above is the expiry's.
    const live = await createSignedInUser(t.app, { withProfile: false });
    expect((await createProfile(live.cookie, `live_${Date.now()}`)).statusCode).toBe(201);
  });
});
