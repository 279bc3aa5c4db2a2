import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { subscribeToEventKeys } from "../../../test/harness/event-keys.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { blocks, profiles } from "../db/schema.ts";
import { addBlock, isBlocked, readBlockedUserIds } from "./blocks-repository.ts";

const blocksChangedKey = (userId: string) => `blocks:${userId}`;

const MODERATOR_EMAIL = "moderator@example.test";

let t: TestApp;
/** The key of every event heard since the last test (test/harness/event-keys.ts). */
const heard: string[] = [];
const waiters = new Set<() => void>();
let unsubscribe: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({ moderation: { adminEmails: [MODERATOR_EMAIL], autoHideThreshold: 3 } });
  unsubscribe = await subscribeToEventKeys(t.database, (key) => {
    heard.push(key);
    for (const wake of waiters) wake();
  });
});
afterEach(() => {
  heard.length = 0;
});
afterAll(async () => {
  await unsubscribe();
  await t.close();
});

const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});
const listBlocks = (user?: TestUser) =>
  t.app.inject({ method: "GET", url: "/api/blocks", headers: as(user) });
const block = (username: string, user?: TestUser) =>
  t.app.inject({ method: "PUT", url: `/api/blocks/${username}`, headers: as(user) });
const unblock = (username: string, user?: TestUser) =>
  t.app.inject({ method: "DELETE", url: `/api/blocks/${username}`, headers: as(user) });

const nameOf = (user: TestUser) => user.profile?.username ?? "";

/**
 * Resolves once `key` has been heard `times` times (announced keys arrive in order). A write in this
 * process is heard once, right after its commit (its own notification is not delivered again).
 */
function heardEventually(key: string, times = 1, ms = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (heard.filter((each) => each === key).length < times) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`"${key}" was not announced within ${ms} ms`));
    }, ms);
    waiters.add(check);
    check();
  });
}

describe("PUT /api/blocks/:username", () => {
  it("blocks the member, answers { username, blocked: true }, and says so once on the channel", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const res = await block(nameOf(pest).toUpperCase(), blocker);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: nameOf(pest), blocked: true });
    expect(await isBlocked(t.database.db, blocker.userId, pest.userId)).toBe(true);
    // One way only: the blocked member blocked nobody.
    expect(await isBlocked(t.database.db, pest.userId, blocker.userId)).toBe(false);
    await heardEventually(blocksChangedKey(blocker.userId));
  });

  it("is idempotent: blocking again answers the same and changes nothing", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    expect((await block(nameOf(pest), blocker)).statusCode).toBe(200);
    await heardEventually(blocksChangedKey(blocker.userId));
    heard.length = 0;
    const again = await block(nameOf(pest), blocker);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ username: nameOf(pest), blocked: true });
    expect(await readBlockedUserIds(t.database.db, blocker.userId)).toEqual([pest.userId]);
    // Nothing changed, so nothing was announced: a later key arrives with no blocks key before it.
    const marker = await createSignedInUser(t.app);
    await block(nameOf(pest), marker);
    await heardEventually(blocksChangedKey(marker.userId));
    expect(heard).not.toContain(blocksChangedKey(blocker.userId));
  });

  it("answers 403 forbidden for one's own username, in any letter case", async () => {
    const me = await createSignedInUser(t.app);
    const res = await block(nameOf(me).toUpperCase(), me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "forbidden", message: "You can't block yourself." },
    });
    expect(await readBlockedUserIds(t.database.db, me.userId)).toEqual([]);
  });

  it("answers 404 for an unknown username, and for a hidden profile unless a moderator asks", async () => {
    const blocker = await createSignedInUser(t.app);
    const unknown = await block("nobody_here", blocker);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not-found");

    const hidden = await createSignedInUser(t.app);
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.userId, hidden.userId));
    expect((await block(nameOf(hidden), blocker)).statusCode).toBe(404);
    expect(await readBlockedUserIds(t.database.db, blocker.userId)).toEqual([]);
    const moderator = await createSignedInUser(t.app, { email: MODERATOR_EMAIL });
    expect((await block(nameOf(hidden), moderator)).statusCode).toBe(200);
  });

  it("answers 401 signed out and 403 profile-required without a profile", async () => {
    const target = await createSignedInUser(t.app);
    const signedOut = await block(nameOf(target));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("not-signed-in");
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const refused = await block(nameOf(target), noProfile);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("profile-required");
    expect(
      (await t.database.db.select().from(blocks).where(eq(blocks.blockedId, target.userId))).length,
    ).toBe(0);
  });

  it("refuses a request from another site (CSRF)", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${nameOf(pest)}`,
      headers: { cookie: blocker.cookie, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("cross-site-request");
    expect(await isBlocked(t.database.db, blocker.userId, pest.userId)).toBe(false);
  });
});

describe("DELETE /api/blocks/:username", () => {
  it("lifts the block and answers { blocked: false }, again and again", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    await block(nameOf(pest), blocker);
    await heardEventually(blocksChangedKey(blocker.userId));
    heard.length = 0;
    for (let round = 0; round < 2; round++) {
      const res = await unblock(nameOf(pest), blocker);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: nameOf(pest), blocked: false });
    }
    expect(await isBlocked(t.database.db, blocker.userId, pest.userId)).toBe(false);
    await heardEventually(blocksChangedKey(blocker.userId));
  });

  it("lifts a block on a member whose profile moderators hid since", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    await block(nameOf(pest), blocker);
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.userId, pest.userId));
    expect((await unblock(nameOf(pest), blocker)).json()).toEqual({
      username: nameOf(pest),
      blocked: false,
    });
    const rows = await t.database.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, blocker.userId), eq(blocks.blockedId, pest.userId)));
    expect(rows).toEqual([]);
  });

  it("answers 404 for an unknown username, 401 signed out, 403 without a profile", async () => {
    const me = await createSignedInUser(t.app);
    expect((await unblock("nobody_here", me)).statusCode).toBe(404);
    expect((await unblock(nameOf(me))).statusCode).toBe(401);
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    expect((await unblock(nameOf(me), noProfile)).json().error.code).toBe("profile-required");
  });
});

describe("GET /api/blocks", () => {
  it("lists the viewer's blocked members, most recent first, and nobody else's", async () => {
    const blocker = await createSignedInUser(t.app);
    const first = await createSignedInUser(t.app);
    const second = await createSignedInUser(t.app);
    const bystander = await createSignedInUser(t.app);
    expect((await listBlocks(blocker)).json()).toEqual({ blocked: [] });
    await block(nameOf(first), blocker);
    await block(nameOf(second), blocker);
    await block(nameOf(first), bystander);
    const res = await listBlocks(blocker);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      blocked: [
        { username: nameOf(second), img_url: null, blocked_at: expect.any(String) },
        { username: nameOf(first), img_url: null, blocked_at: expect.any(String) },
      ],
    });
    await unblock(nameOf(second), blocker);
    expect(
      (await listBlocks(blocker)).json().blocked.map((b: { username: string }) => b.username),
    ).toEqual([nameOf(first)]);
  });

  it("answers 401 signed out and 403 profile-required without a profile", async () => {
    expect((await listBlocks()).statusCode).toBe(401);
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const res = await listBlocks(noProfile);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("profile-required");
  });
});

describe("the instance's cache of blocks", () => {
  it("keeps a member's list, and forgets it when a change is announced from anywhere", async () => {
    const blocker = await createSignedInUser(t.app);
    const [pest, other] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    const db = t.database.db;
    expect(await t.app.blocks.of(blocker.userId)).toEqual([]);
    // Written without an announcement (by hand): the kept list does not change.
    await db.insert(blocks).values({ blockerId: blocker.userId, blockedId: other.userId });
    expect(await t.app.blocks.of(blocker.userId)).toEqual([]);
    // Written as every write of blocks is (another instance's, say): announced in its transaction.
    await db.transaction((tx) => addBlock(tx, blocker.userId, pest.userId));
    await heardEventually(blocksChangedKey(blocker.userId));
    expect([...(await t.app.blocks.of(blocker.userId))].sort()).toEqual(
      [pest.userId, other.userId].sort(),
    );
  });
});
