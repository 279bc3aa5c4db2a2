import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createModerator, moderationTestApp } from "../../../test/harness/moderators.ts";
import { as, nameOf } from "../../../test/harness/review-calls.ts";
import { profiles } from "../db/schema.ts";

/** Issue 16: a hidden profile, and a blocked member's profile, on the profile page. */

const t = moderationTestApp();
let moderator: TestUser;
beforeAll(async () => {
  moderator = await createModerator(t.app);
});

const getProfile = (username: string, reader?: TestUser) =>
  t.app.inject({ method: "GET", url: `/api/users/username/${username}`, headers: as(reader) });

/** What the moderation slice does to a profile. */
const setHidden = (user: TestUser, hidden: boolean) =>
  t.database.db
    .update(profiles)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(profiles.userId, user.userId));

const block = (blocker: TestUser, blocked: TestUser) =>
  t.app.inject({ method: "PUT", url: `/api/blocks/${nameOf(blocked)}`, headers: as(blocker) });

describe("GET /api/users/username/:username of a hidden profile", () => {
  it("is 404 for visitors and other members, in the shape of an unknown name", async () => {
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    await setHidden(owner, true);
    for (const reader of [undefined, member]) {
      const res = await getProfile(nameOf(owner).toUpperCase(), reader);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: "not-found",
          message: `There is no user named "${nameOf(owner).toUpperCase()}".`,
        },
      });
    }
  });

  it("is answered marked hidden to its owner and to moderators, and unmarked once restored", async () => {
    const owner = await createSignedInUser(t.app);
    await setHidden(owner, true);
    for (const reader of [owner, moderator]) {
      const res = await getProfile(nameOf(owner), reader);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ username: nameOf(owner), hidden: true });
    }
    await setHidden(owner, false);
    const res = await getProfile(nameOf(owner));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).not.toHaveProperty("hidden");
  });

  it("lets its owner edit it (answered marked hidden), and answers others 404 rather than 403", async () => {
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    await setHidden(owner, true);
    const editBio = (editor: TestUser, bio: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/users/${nameOf(owner)}`,
        headers: as(editor),
        payload: { bio },
      });
    const own = await editBio(owner, "Still here");
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ bio: "Still here", hidden: true });
    expect((await editBio(member, "Not mine")).statusCode).toBe(404);
  });
});

describe("GET /api/users/username/:username of a member the viewer blocked", () => {
  it("answers blocked: true to the blocker only, and nothing once unblocked", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const bystander = await createSignedInUser(t.app);
    expect((await block(blocker, pest)).statusCode).toBe(200);

    const seen = await getProfile(nameOf(pest), blocker);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().user).toMatchObject({ username: nameOf(pest), blocked: true });
    for (const reader of [undefined, bystander, pest]) {
      expect((await getProfile(nameOf(pest), reader)).json().user).not.toHaveProperty("blocked");
    }
    // Silent: the blocked member's view of the blocker's page says nothing either.
    expect((await getProfile(nameOf(blocker), pest)).json().user).not.toHaveProperty("blocked");

    await t.app.inject({
      method: "DELETE",
      url: `/api/blocks/${nameOf(pest)}`,
      headers: as(blocker),
    });
    expect((await getProfile(nameOf(pest), blocker)).json().user).not.toHaveProperty("blocked");
  });
});
