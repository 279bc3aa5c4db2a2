import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import { insertSearchPost, setProfileArea, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { PostsPage } from "../../shared/posts.ts";
import { SEARCH_PAGE_SIZE, type SearchPostsResponse } from "../../shared/search.ts";
import { posts } from "../db/schema.ts";
import { deliverHere } from "../events/index.ts";

/** Issue 19: filled posts come after open ones in search; the feed stays newest first. */

const t = testAppClosedAfterAll();
let author: TestUser;
beforeAll(async () => {
  author = await createSignedInUser(t.app);
});

const uniqueTopic = () => `T${randomBytes(4).toString("hex")}`;

async function markFilled(ids: number[]): Promise<void> {
  await t.database.db.update(posts).set({ filledAt: new Date() }).where(inArray(posts.id, ids));
  deliverHere(t.database.db, { type: "everything.changed" });
}

/** Every page of a search, in order. */
async function searchAll(query: Record<string, string>, user?: TestUser): Promise<number[]> {
  const ids: number[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const params = new URLSearchParams({ ...query, page: String(page) });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/search/posts?${params}`,
      headers: user ? { cookie: user.cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchPostsResponse;
    ids.push(...body.articles.map((post) => post.id));
    page = body.nextPage;
  }
  return ids;
}

describe("filled posts in search", () => {
  it("rank after every open match, however well they match", async () => {
    const topic = uniqueTopic();
    const word = `tuba${randomBytes(3).toString("hex")}`;
    const db = t.database.db;
    // The filled one is the newest and matches best (title); the open ones only in their body.
    const filled = await insertSearchPost(db, author.profile?.id ?? "", {
      title: `${word} ${word} lessons`,
      topic,
      ageDays: 0,
    });
    const open = [
      await insertSearchPost(db, author.profile?.id ?? "", {
        title: "Brass lessons",
        body: `I teach the ${word}.`,
        topic,
        ageDays: 3,
      }),
      await insertSearchPost(db, author.profile?.id ?? "", {
        title: "Music help",
        body: `Also the ${word}.`,
        topic,
        ageDays: 9,
      }),
    ];
    expect((await searchAll({ q: word }))[0]).toBe(filled);
    await markFilled([filled]);
    expect(await searchAll({ q: word })).toEqual([...open, filled]);
    const res = await t.app.inject({ method: "GET", url: `/api/search/posts?q=${word}` });
    const last = (res.json() as SearchPostsResponse).articles.at(-1);
    expect(last?.filled_at).toEqual(expect.any(String));
  });

  it("without words: open newest first, then filled newest first, across pages", async () => {
    const topic = uniqueTopic();
    const ids = await seedPosts(t.database.db, author.profile?.id ?? "", SEARCH_PAGE_SIZE * 2 + 2, {
      topic: () => topic,
    });
    const openIndexes = new Set([1, 5, 8]);
    const open = ids.filter((_, i) => openIndexes.has(i));
    const filled = ids.filter((_, i) => !openIndexes.has(i));
    await markFilled(filled);
    // The second page lies wholly past the open posts.
    expect(await searchAll({ topic })).toEqual([...open, ...filled]);
  });

  it("with a distance filter too", async () => {
    const topic = uniqueTopic();
    const viewer = await createSignedInUser(t.app);
    await setProfileArea(t.database.db, viewer.profile?.id ?? "", TOWNS.cambridge);
    const db = t.database.db;
    const near = [0, 1, 2].map((age) =>
      insertSearchPost(db, author.profile?.id ?? "", {
        title: `Near ${age}`,
        topic,
        ageDays: age,
        placeId: TOWNS.histon,
      }),
    );
    const [newest = 0, middle = 0, oldest = 0] = await Promise.all(near);
    await markFilled([newest]);
    expect(await searchAll({ topic, within: "25" }, viewer)).toEqual([middle, oldest, newest]);
  });

  it("leave the feed newest first", async () => {
    const topic = uniqueTopic();
    const ids = await seedPosts(t.database.db, author.profile?.id ?? "", 4, {
      topic: () => topic,
    });
    await markFilled([ids[0] ?? 0, ids[2] ?? 0]);
    const res = await t.app.inject({ method: "GET", url: `/api/articles?topic=${topic}` });
    expect((res.json() as PostsPage).articles.map((post) => post.id)).toEqual(ids);
  });
});
