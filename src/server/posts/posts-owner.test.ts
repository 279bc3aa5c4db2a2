import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectErrorAnswer } from "../../../test/harness/error-answer.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createModerator, moderationTestApp } from "../../../test/harness/moderators.ts";
import type { PostResponse, PostsPage } from "../../shared/posts.ts";
import type { SearchPostsResponse } from "../../shared/search.ts";
import { posts, removedPosts, writeEvents } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { placeById } from "../places/index.ts";

/** Issue 19: the author's own tools — edit, delete, mark filled, reopen — and who may use them. */

const EDIT_LIMIT = 8;
const t = moderationTestApp({
  writeLimits: {
    ...liftedWriteLimits(),
    edit: { max: EDIT_LIMIT, newAccountMax: EDIT_LIMIT, windowSeconds: 3600 },
  },
});

let author: TestUser;
let other: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  other = await createSignedInUser(t.app);
  moderator = await createModerator(t.app);
});
// A new author each test, so that no test spends another's write limit.
beforeEach(async () => {
  author = await createSignedInUser(t.app);
});

const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";
const call = (method: Method, url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const uniqueWord = () => `w${Math.random().toString(36).slice(2, 10)}`;

/** A post by `by` through the API; its id. */
async function newPost(by: TestUser = author, fields: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/articles", by, {
    title: "Lawn mowing",
    topic: "Garden",
    body: "I mow lawns.",
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as PostResponse).article.id;
}

const getPost = (id: number, user?: TestUser) => call("GET", `/api/articles/${id}`, user);

/** Every owner action on post `id`, as `user`. */
const ownerActions = (id: number) =>
  [
    ["PATCH", `/api/articles/${id}`, { title: "Taken over" }],
    ["DELETE", `/api/articles/${id}`, undefined],
    ["PUT", `/api/articles/${id}/filled`, undefined],
    ["DELETE", `/api/articles/${id}/filled`, undefined],
  ] as const;

async function feedIds(): Promise<number[]> {
  const res = await call("GET", "/api/articles?limit=100");
  return (res.json() as PostsPage).articles.map((post) => post.id);
}

async function searchIds(q: string): Promise<number[]> {
  const res = await call("GET", `/api/search/posts?q=${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchPostsResponse).articles.map((post) => post.id);
}

async function editCount(user: TestUser): Promise<number> {
  const rows = await t.database.db
    .select({ action: writeEvents.action })
    .from(writeEvents)
    .where(eq(writeEvents.userId, user.userId));
  return rows.filter((row) => row.action === "edit").length;
}

describe("PATCH /api/articles/:article_id", () => {
  it("changes what the author sends, keeps the rest, sets edited_at, and everyone reads it", async () => {
    const id = await newPost();
    const before = (await getPost(id)).json() as PostResponse; // now cached
    expect(before.article.edited_at).toBeUndefined();
    const res = await call("PATCH", `/api/articles/${id}`, author, {
      title: "  Lawn mowing and hedges ",
      type: "looking-for",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { article } = res.json() as PostResponse;
    expect(article).toMatchObject({
      id,
      title: "Lawn mowing and hedges",
      topic: "Garden",
      body: "I mow lawns.",
      type: "looking-for",
      username: author.username,
      created_at: before.article.created_at,
    });
    expect(article.edited_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(Math.abs(Date.parse(article.edited_at ?? "") - Date.now())).toBeLessThan(60_000);
    expect(article.filled_at).toBeUndefined();
    expect((await getPost(id, other)).json()).toEqual({ article });
    const feed = (await call("GET", "/api/articles?limit=100").then((r) => r.json())) as PostsPage;
    expect(feed.articles.find((post) => post.id === id)).toEqual(article);
  });

  it("sets an area by place id and clears it with null; an unknown place is a 400", async () => {
    const id = await newPost();
    const placeId = 2653941; // Cambridge
    const place = placeById(placeId);
    const set = await call("PATCH", `/api/articles/${id}`, author, { area_id: placeId });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().article.area).toMatchObject({ id: placeId, name: place?.name });
    const cleared = await call("PATCH", `/api/articles/${id}`, author, { area_id: null });
    expect(cleared.json().article.area).toBeNull();
    const unknown = await call("PATCH", `/api/articles/${id}`, author, { area_id: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: "invalid-input",
      fields: { area_id: "is not a known place" },
    });
  });

  it("validates as creating does: an empty title is a 400 on its field, and nothing changes", async () => {
    const id = await newPost();
    const res = await call("PATCH", `/api/articles/${id}`, author, {
      title: "   ",
      body: "New body",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { title: "Title is required." },
    });
    const long = await call("PATCH", `/api/articles/${id}`, author, { topic: "x".repeat(41) });
    expect(long.json().error.fields).toEqual({ topic: "Topic must be at most 40 characters." });
    const badType = await call("PATCH", `/api/articles/${id}`, author, { type: "selling" });
    expect(badType.json().error.fields).toEqual({ type: "Type must be Offering or Looking for." });
    const { article } = (await getPost(id)).json() as PostResponse;
    expect(article).toMatchObject({ title: "Lawn mowing", body: "I mow lawns." });
    expect(article.edited_at).toBeUndefined();
  });

  it("refuses an empty change with a 400", async () => {
    const id = await newPost();
    for (const payload of [{}, { username: "someone" }]) {
      const res = await call("PATCH", `/api/articles/${id}`, author, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
      expect(res.json().error.message).toContain(
        "Change at least one of title, topic, body, type or area.",
      );
    }
  });
});

describe("PUT and DELETE /api/articles/:article_id/filled", () => {
  it("marks the post filled and reopens it, without counting as an edit of its text", async () => {
    const id = await newPost();
    const filled = await call("PUT", `/api/articles/${id}/filled`, author);
    expect(filled.statusCode, filled.body).toBe(200);
    const filledAt = (filled.json() as PostResponse).article.filled_at;
    expect(filledAt).toMatch(/Z$/);
    expect((filled.json() as PostResponse).article.edited_at).toBeUndefined();
    expect((await getPost(id, other)).json().article.filled_at).toBe(filledAt);
    // Marking it again keeps when it was first marked.
    const again = await call("PUT", `/api/articles/${id}/filled`, author);
    expect(again.json().article.filled_at).toBe(filledAt);

    const reopened = await call("DELETE", `/api/articles/${id}/filled`, author);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().article.filled_at).toBeUndefined();
    expect(reopened.json().article.edited_at).toBeUndefined();
    expect((await getPost(id)).json().article.filled_at).toBeUndefined();
  });
});

describe("DELETE /api/articles/:article_id", () => {
  it("answers 204, and the post leaves its page, the feed and search at once", async () => {
    const word = uniqueWord();
    const id = await newPost(author, { title: `Piano lessons ${word}` });
    expect(await feedIds()).toContain(id); // the cached first page holds it
    expect(await searchIds(word)).toEqual([id]);
    expect((await getPost(id)).statusCode).toBe(200); // cached too

    const res = await call("DELETE", `/api/articles/${id}`, author);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    for (const reader of [undefined, author, other, moderator]) {
      const read = await getPost(id, reader);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({
        error: { code: "post-removed", message: "This post was removed." },
      });
    }
    expect(await feedIds()).not.toContain(id);
    expect(await searchIds(word)).toEqual([]);
    const stored = await t.database.db.select().from(posts).where(eq(posts.id, id));
    expect(stored).toEqual([]);
    const removed = await t.database.db.select().from(removedPosts).where(eq(removedPosts.id, id));
    expect(removed).toHaveLength(1);
  });

  it("leaves a removed post removed: 404 post-removed to every owner action", async () => {
    const id = await newPost();
    expect((await call("DELETE", `/api/articles/${id}`, author)).statusCode).toBe(204);
    for (const [method, url, payload] of ownerActions(id)) {
      const res = await call(method, url, author, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe("post-removed");
    }
  });

  it("answers the ordinary 404 for a post that never existed", async () => {
    for (const [method, url, payload] of ownerActions(999_999_999)) {
      expectErrorAnswer(
        await call(method, url, author, payload),
        404,
        "not-found",
        "This post does not exist. It may have been removed.",
      );
    }
  });
});

describe("only the author", () => {
  it("nobody else edits, deletes, fills or reopens a post: 403, and it stays as it was", async () => {
    const id = await newPost();
    expect((await call("PUT", `/api/articles/${id}/filled`, author)).statusCode).toBe(200);
    const before = (await getPost(id)).json();
    for (const user of [other, moderator]) {
      for (const [method, url, payload] of ownerActions(id)) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toEqual({
          code: "forbidden",
          message: "You can only change your own posts.",
        });
      }
    }
    expect((await getPost(id)).json()).toEqual(before);
  });

  it("signed out: 401; without a profile: 403 profile-required", async () => {
    const id = await newPost();
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    for (const [method, url, payload] of ownerActions(id)) {
      const signedOut = await call(method, url, undefined, payload);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().error.code).toBe("not-signed-in");
      const res = await call(method, url, noProfile, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("profile-required");
    }
    expect((await getPost(id)).statusCode).toBe(200);
  });

  it("a hidden post is a 404 to others, and its author may still change it", async () => {
    const id = await newPost();
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, id));
    await t.app.postCache.invalidate(id);
    for (const [method, url, payload] of ownerActions(id)) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe("not-found");
    }
    // Moderators may read it, but it is not theirs.
    const byModerator = await call("PATCH", `/api/articles/${id}`, moderator, { title: "Mine" });
    expect(byModerator.statusCode).toBe(403);
    const edited = await call("PATCH", `/api/articles/${id}`, author, { body: "Reworded." });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await getPost(id, author)).json().article).toMatchObject({
      body: "Reworded.",
      hidden: true,
    });
  });

  it("a post by a member the viewer blocked is a 404 to them", async () => {
    const blocker = await createSignedInUser(t.app);
    const id = await newPost();
    const blocked = await call("PUT", `/api/blocks/${author.username}`, blocker);
    expect(blocked.statusCode).toBe(200);
    for (const [method, url, payload] of ownerActions(id)) {
      const res = await call(method, url, blocker, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("the write limit", () => {
  it('counts every edit, fill, reopen and delete as an "edit"; at the limit a 429 changes nothing', async () => {
    const writer = await createSignedInUser(t.app);
    const ids = [await newPost(writer), await newPost(writer)];
    const [first = 0, second = 0] = ids;
    expect(await editCount(writer)).toBe(0);
    await call("PATCH", `/api/articles/${first}`, writer, { title: "One" });
    await call("PUT", `/api/articles/${first}/filled`, writer);
    await call("DELETE", `/api/articles/${first}/filled`, writer);
    await call("DELETE", `/api/articles/${first}`, writer);
    expect(await editCount(writer)).toBe(4);
    // Refused writes count nothing.
    await call("PATCH", `/api/articles/${second}`, writer, { title: "" });
    await call("PATCH", `/api/articles/${second}`, other, { title: "Theirs" });
    expect(await editCount(writer)).toBe(4);
    for (let i = 4; i < EDIT_LIMIT; i++) {
      const res = await call("PATCH", `/api/articles/${second}`, writer, { title: `Take ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const refused = await call("PATCH", `/api/articles/${second}`, writer, { title: "Too many" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("too-many-requests");
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await getPost(second)).json().article.title).toBe(`Take ${EDIT_LIMIT - 1}`);
    expect((await call("DELETE", `/api/articles/${second}`, writer)).statusCode).toBe(429);
    expect((await getPost(second)).statusCode).toBe(200);
  });
});
