import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { insertSearchPost, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { PostsPage } from "../../shared/posts.ts";
import { posts } from "../db/schema.ts";

/**
 * Issue 33: /browse reads the public feed (GET /api/articles) near a town a signed-out visitor
 * picked: newest first within the distance, with distance bands, under the same visibility rules
 * as every read (hidden posts and profiles, expired and removed posts, blocked authors).
 */

const t = testAppClosedAfterAll();

const browse = async (query: Record<string, string | number>, viewer?: TestUser) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({
    method: "GET",
    url: `/api/articles?${params}`,
    headers: as(viewer),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostsPage;
};

const unique = () => `B${randomBytes(4).toString("hex")}`;

/** A member's post in `topic` at `placeId`; its id. */
async function postBy(member: TestUser, topic: string, placeId: number, ageDays = 0) {
  return insertSearchPost(t.database.db, member.profile?.id ?? "", {
    title: `Offer ${unique()}`,
    topic,
    placeId,
    ageDays,
  });
}

describe("browsing near a town, signed out (GET /api/articles?near=)", () => {
  it("lists the newest posts within the distance of the town, each with its distance band", async () => {
    const member = await createSignedInUser(t.app);
    const topic = unique();
    const older = await postBy(member, topic, TOWNS.histon, 3);
    const newer = await postBy(member, topic, TOWNS.girton, 1);
    await postBy(member, topic, TOWNS.birmingham);
    const page = await browse({ topic, near: TOWNS.cambridge, within: 25 });
    expect(page.articles.map((post) => post.id)).toEqual([newer, older]);
    expect(page.articles.map((post) => post.distance_km)).toEqual([4, 6]);
    // No centre's coordinates in the answer, only the towns' names.
    expect(JSON.stringify(page)).not.toMatch(/"(lat|lng|area_lat|area_lng)"/);
    // The town without a distance: every post, newest first, with its band.
    const anywhere = await browse({ topic, near: TOWNS.cambridge });
    expect(anywhere.articles.map((post) => post.distance_km)).toEqual([140, 4, 6]);
  });

  it("leaves out hidden, expired and removed posts, and blocked authors'", async () => {
    const [shown, pest] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    const topic = unique();
    const visible = await postBy(shown, topic, TOWNS.histon);
    const hidden = await postBy(shown, topic, TOWNS.histon);
    const expired = await postBy(shown, topic, TOWNS.histon);
    const removed = await postBy(shown, topic, TOWNS.histon);
    const pestPost = await postBy(pest, topic, TOWNS.girton);
    const { db } = t.database;
    await db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    await db
      .update(posts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, expired));
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/articles/${removed}`,
      headers: as(shown),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const query = { topic, near: TOWNS.cambridge, within: 10 };
    const signedOut = await browse(query);
    expect(signedOut.articles.map((post) => post.id)).toEqual([pestPost, visible]);

    const blocker = await createSignedInUser(t.app);
    const block = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${pest.username}`,
      headers: as(blocker),
    });
    expect(block.statusCode).toBe(200);
    expect((await browse(query, blocker)).articles.map((post) => post.id)).toEqual([visible]);
    // Their author sees the hidden post on its own page, never in the list.
    expect((await browse(query, shown)).articles.map((post) => post.id)).toEqual([
      pestPost,
      visible,
    ]);
  });

  it("answers 400 for a town the list lacks, and for a distance with no town signed out", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/api/articles?near=1&within=10" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.near).toBe("is not a known place");
    const nowhere = await t.app.inject({ method: "GET", url: "/api/articles?within=10" });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields.within).toMatch(/needs your area or a place/);
  });
});
