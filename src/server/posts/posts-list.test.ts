import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import type { Post, PostsPage } from "../../shared/posts.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";

let t: TestApp;
beforeAll(async () => {
  // One author posts many times here; the write limits have their own tests (limits/).
  t = await createTestApp({ writeLimits: liftedWriteLimits() });
});
afterAll(() => t.close());

async function getPage(query: string): Promise<PostsPage> {
  const res = await t.app.inject({ method: "GET", url: `/api/articles${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page, following nextCursor, with `between` run after each page. */
async function walk(
  query: string,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<Post[][]> {
  const pages: Post[][] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "?";
    const page = await getPage(cursor ? `${query}${sep}cursor=${cursor}` : query);
    pages.push(page.articles);
    cursor = page.nextCursor;
    await between(pages.length - 1);
  } while (cursor && pages.length < 100);
  return pages;
}

function createPost(user: TestUser, title: string, topic = "General") {
  return t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: user.cookie },
    payload: { title, topic, body: `About ${title}` },
  });
}

describe("GET /api/articles on an empty database", () => {
  it("answers an empty list and no cursor", async () => {
    const fresh = await createTestApp();
    try {
      const res = await fresh.app.inject({ method: "GET", url: "/api/articles" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ articles: [], nextCursor: null });
    } finally {
      await fresh.close();
    }
  });
});

describe("GET /api/articles", () => {
  let author: TestUser;
  let ids: number[];
  beforeAll(async () => {
    author = await createSignedInUser(t.app, { username: "lister" });
    ids = await seedPosts(t.database.db, author.profile?.id ?? "", 45, {
      topic: (i) => (i % 3 === 0 ? "Plumbing" : "Gardening"),
    });
  });

  it("is public and answers the 20 newest first, with the author's username", async () => {
    const page = await getPage("");
    expect(page.articles.map((a) => a.id)).toEqual(ids.slice(0, 20));
    expect(page.nextCursor).toEqual(expect.any(String));
    const [first] = page.articles;
    expect(first).toEqual({
      id: ids[0],
      title: "Post 44",
      topic: "Gardening",
      body: "Body of post 44",
      username: "lister",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      expires_at: expect.any(String),
      type: "offering",
      area: null,
    });
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        "area",
        "body",
        "created_at",
        "expires_at",
        "id",
        "title",
        "topic",
        "type",
        "username",
      ].sort(),
    );
  });

  it("pages through everything once, in order, with a null cursor at the end", async () => {
    const pages = await walk("?limit=7");
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 7, 7, 3]);
    expect(pages.flat().map((a) => a.id)).toEqual(ids);
  });

  it("ends with a null cursor when the last page is exactly full", async () => {
    const pages = await walk("?limit=15");
    expect(pages.map((p) => p.length)).toEqual([15, 15, 15]);
  });

  it("has no duplicates or gaps when posts are created between page requests", async () => {
    const before = new Set((await walk("")).flat().map((a) => a.id));
    const created: number[] = [];
    const pages = await walk("?limit=10", async () => {
      const res = await createPost(author, `Meanwhile ${created.length}`);
      expect(res.statusCode).toBe(201);
      created.push(res.json().article.id);
    });
    const seen = pages.flat().map((a) => a.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(before);
    // A fresh first page shows what arrived meanwhile, newest first.
    const top = await getPage(`?limit=${created.length}`);
    expect(top.articles.map((a) => a.id)).toEqual([...created].reverse());
  });

  it("filters by topic, case-insensitively, and pages within the topic", async () => {
    const plumbing = (await walk("?topic=pLUMBING&limit=4")).flat();
    expect(plumbing).toHaveLength(15);
    expect(plumbing.every((a) => a.topic === "Plumbing")).toBe(true);
    expect(plumbing.map((a) => a.id)).toEqual([...plumbing.map((a) => a.id)].sort((a, b) => b - a));
    expect((await getPage("?topic=%20plumbing%20")).articles).toHaveLength(15);
    expect(await getPage("?topic=Cooking")).toEqual({ articles: [], nextCursor: null });
  });

  it("treats a blank topic as no filter", async () => {
    expect((await getPage("?topic=&limit=100")).articles.length).toBeGreaterThan(45);
  });

  it("accepts limit 1 and 100", async () => {
    expect((await getPage("?limit=1")).articles).toHaveLength(1);
    expect((await getPage("?limit=100")).articles.length).toBeGreaterThan(45);
  });

  it.each(["0", "101", "-1", "2.5", "abc", ""])("refuses limit=%s with 400", async (limit) => {
    const res = await t.app.inject({ method: "GET", url: `/api/articles?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { limit: "must be a whole number from 1 to 100" },
    });
  });

  it.each([
    ["garbage", "not-a-cursor!"],
    ["base64 of nonsense", Buffer.from("hello|world").toString("base64url")],
    ["an impossible date", Buffer.from("2026-02-30T10:00:00.000000Z|5").toString("base64url")],
    ["too long", "a".repeat(300)],
  ])("refuses a malformed cursor (%s) with 400, not 500", async (_name, cursor) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/articles?cursor=${encodeURIComponent(cursor)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
    expect(res.json().error.fields.cursor).toBe("is not a valid cursor");
  });

  it("refuses a topic over 40 characters and repeated parameters with 400", async () => {
    const long = await t.app.inject({
      method: "GET",
      url: `/api/articles?topic=${"x".repeat(41)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.topic).toMatch(/at most 40/);
    const twice = await t.app.inject({ method: "GET", url: "/api/articles?limit=1&limit=2" });
    expect(twice.statusCode).toBe(400);
  });
});

describe("GET /api/articles with equal timestamps", () => {
  it("orders by id within one instant and pages across it without loss", async () => {
    const other = await createTestApp();
    try {
      const author = await createSignedInUser(other.app, { username: "same_time" });
      const instant = new Date("2026-01-01T12:00:00.123Z");
      const ids = await seedPosts(other.database.db, author.profile?.id ?? "", 9, {
        at: () => instant,
      });
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/articles?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const page: PostsPage = (await other.app.inject({ method: "GET", url })).json();
        seen.push(...page.articles.map((a) => a.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(ids);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
    } finally {
      await other.close();
    }
  });

  it("keeps microseconds in the cursor (posts within one millisecond are not skipped)", async () => {
    const other = await createTestApp();
    try {
      const author = await createSignedInUser(other.app, { username: "micro" });
      const ids = await seedPosts(other.database.db, author.profile?.id ?? "", 3);
      // Three posts inside one millisecond, in the opposite order of their ids.
      const { sql } = await import("drizzle-orm");
      await other.database.db.execute(
        sql`update articles set created_at = timestamptz '2026-05-05 10:00:00.000900+00' - (id * interval '1 microsecond')`,
      );
      const first: PostsPage = (
        await other.app.inject({ method: "GET", url: "/api/articles?limit=1" })
      ).json();
      const rest: PostsPage = (
        await other.app.inject({
          method: "GET",
          url: `/api/articles?limit=5&cursor=${first.nextCursor}`,
        })
      ).json();
      expect([...first.articles, ...rest.articles].map((a) => a.id)).toEqual([...ids].reverse());
      expect(first.articles[0]?.created_at).toMatch(/\.000899Z$/);
    } finally {
      await other.close();
    }
  });
});
