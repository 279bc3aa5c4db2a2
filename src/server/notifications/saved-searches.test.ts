import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { setProfileArea, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { notificationsResponseSchema } from "../../shared/notifications.ts";
import {
  type CreateSavedSearch,
  SAVED_SEARCHES_MAX,
  savedSearchesResponseSchema,
  savedSearchResponseSchema,
} from "../../shared/saved-searches.ts";
import { posts } from "../db/schema.ts";
import { announce } from "../events/index.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { write } from "../write/index.ts";

/** Issue 30's saved searches over HTTP: the list, its cap and owners, and which new posts notify. */

const t = testAppClosedAfterAll({ writeLimits: liftedWriteLimits() });

const member = () => createSignedInUser(t.app);
type Method = "GET" | "POST" | "DELETE" | "PUT";
const call = (user: TestUser | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

async function save(user: TestUser, search: Partial<CreateSavedSearch>) {
  const res = await call(user, "POST", "/api/saved-searches", { delivery: "instant", ...search });
  expect(res.statusCode, res.body).toBe(201);
  return savedSearchResponseSchema.parse(res.json()).saved_search;
}

async function post(
  author: TestUser,
  fields: { title: string; body?: string; topic?: string; type?: string; area_id?: number },
) {
  const res = await call(author, "POST", "/api/articles", {
    body: "Ask me anything about it.",
    topic: "Home",
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { article: { id: number } }).article.id;
}

async function entriesOf(user: TestUser) {
  const res = await call(user, "GET", "/api/notifications");
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponseSchema
    .parse(res.json())
    .notifications.filter((entry) => entry.kind === "saved-search");
}

describe("saving a search", () => {
  it("lists the member's own searches and deletes only their own", async () => {
    const [ana, ben] = [await member(), await member()];
    const saved = await save(ana, { q: "plumber", type: "offering", delivery: "daily" });
    expect(saved).toMatchObject({
      q: "plumber",
      type: "offering",
      delivery: "daily",
      within: null,
    });
    const listed = savedSearchesResponseSchema.parse(
      (await call(ana, "GET", "/api/saved-searches")).json(),
    );
    expect(listed.saved_searches.map((search) => search.id)).toEqual([saved.id]);
    expect(
      savedSearchesResponseSchema.parse((await call(ben, "GET", "/api/saved-searches")).json())
        .saved_searches,
    ).toEqual([]);
    expect((await call(ben, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
    expect((await call(ana, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await call(ana, "DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });

  it("is for members only", async () => {
    expect((await call(undefined, "GET", "/api/saved-searches")).statusCode).toBe(401);
    const res = await call(undefined, "POST", "/api/saved-searches", { delivery: "instant" });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a bad delivery, a bad type and a distance without a centre", async () => {
    const ana = await member();
    for (const body of [
      { q: "x" },
      { q: "x", delivery: "hourly" },
      { delivery: "instant", type: "selling" },
      { delivery: "instant", within: 7 },
      { delivery: "instant", within: 10 },
    ]) {
      const res = await call(ana, "POST", "/api/saved-searches", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per member, with a clear 400 past it`, async () => {
    const ana = await member();
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) await save(ana, { q: `word${i}` });
    const res = await call(ana, "POST", "/api/saved-searches", {
      q: "one more",
      delivery: "instant",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/at most 20 saved searches/);
  });
});

describe("a new post matching a saved search", () => {
  it("notifies at once, naming the search and the post, and leads to the post", async () => {
    const [ana, ben] = [await member(), await member()];
    await save(ana, { q: "plumber" });
    const id = await post(ben, { title: "Friendly plumber available" });
    const [entry] = await entriesOf(ana);
    expect(entry).toMatchObject({
      detail: "“plumber”: Friendly plumber available",
      link: `/articles/${id}`,
      actor: { username: ben.username },
      read: false,
    });
  });

  it("does not notify for a post its words, type, topic or distance leave out", async () => {
    const [ana, ben] = [await member(), await member()];
    await setProfileArea(t.database.db, ana.profile?.id ?? "", TOWNS.cambridge);
    await save(ana, { q: "gardener", type: "looking-for", topic: "Garden", within: 10 });
    await post(ben, { title: "Need a plumber", type: "looking-for", topic: "Garden" });
    await post(ben, { title: "Gardener free", type: "offering", topic: "Garden" });
    await post(ben, { title: "Gardener wanted", type: "looking-for", topic: "Home" });
    await post(ben, { title: "Gardener wanted", type: "looking-for", topic: "Garden" });
    await post(ben, {
      title: "Gardener wanted far away",
      type: "looking-for",
      topic: "garden",
      area_id: TOWNS.ipswich,
    });
    expect(await entriesOf(ana)).toEqual([]);
    await post(ben, {
      title: "Gardener wanted in Histon",
      type: "looking-for",
      topic: "garden",
      area_id: TOWNS.histon,
    });
    expect((await entriesOf(ana)).map((entry) => entry.detail)).toEqual([
      "“gardener” · Looking for · topic Garden · within 10 km: Gardener wanted in Histon",
    ]);
  });

  it("never notifies the author, a member who blocked the author, or of a hidden post", async () => {
    const [ana, ben, cy] = [await member(), await member(), await member()];
    await save(ana, { q: "ladder" });
    await save(cy, { q: "ladder" });
    await post(ana, { title: "Ladder to lend" });
    expect(await entriesOf(ana)).toEqual([]);
    expect((await call(cy, "PUT", `/api/blocks/${ben.username}`)).statusCode).toBe(200);
    await post(ben, { title: "Ladder for hire" });
    const ofCy = await entriesOf(cy);
    expect(ofCy.map((entry) => entry.detail)).toEqual(["“ladder”: Ladder to lend"]);
    expect(await entriesOf(ana)).toHaveLength(1);
    await write(t.database.db, async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({
          authorId: ben.profile?.id ?? "",
          title: "Hidden ladder",
          body: "Hidden.",
          topic: "Home",
          hiddenAt: new Date(),
        })
        .returning({ id: posts.id });
      await announce(tx, { type: "post.created", postId: row?.id ?? 0, authorUserId: ben.userId });
    });
    expect(await entriesOf(ana)).toHaveLength(1);
  });

  it("in the digest or a daily mail: in the bell at once, never by the delayed mail", async () => {
    const [ana, ben] = [await member(), await member()];
    await save(ana, { q: "bicycle", delivery: "digest" });
    await post(ben, { title: "Bicycle repairs" });
    expect(await entriesOf(ana)).toHaveLength(1);
    const rows = await t.database.db.query.notifications.findMany({
      where: (n, { eq }) => eq(n.recipientId, ana.userId),
    });
    expect(rows.map((row) => row.mailedAt === null)).toEqual([false]);
  });
});
