import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import type { PostResponse, PostsPage } from "../../shared/posts.ts";
import { posts } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { FEED_TTL_MS, POST_TTL_MS } from "./post-cache.ts";

/**
 * Two app instances on one database, each with its own post cache: on PostgreSQL with their own
 * connections, as two processes behind a proxy; on PGlite (in-process only) sharing the database.
 * A change through one shows through the other well before its cached copy would expire.
 */
const PROPAGATION_DEADLINE_MS = 1_000;

const instances = twoInstances({
  config: (defaults) => ({ ...defaults, writeLimits: liftedWriteLimits() }),
});
let one: FastifyInstance;
let two: FastifyInstance;
let ada: TestUser;

beforeAll(async () => {
  [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
  ada = await createSignedInUser(one, { username: "ada" });
});

async function feed(app: FastifyInstance): Promise<PostsPage> {
  const res = await app.inject({ method: "GET", url: "/api/articles?limit=5" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function titleOf(app: FastifyInstance, id: number): Promise<string> {
  const res = await app.inject({ method: "GET", url: `/api/articles/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PostResponse).article.title;
}

async function createPost(title: string): Promise<number> {
  const res = await one.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: ada.cookie },
    payload: { title, topic: "General", body: `About ${title}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as PostResponse).article.id;
}

/** Asks until `seen` holds; resolves to the milliseconds it took, fails after the deadline. */
async function msUntil(seen: () => Promise<boolean>, deadlineMs = PROPAGATION_DEADLINE_MS) {
  const started = performance.now();
  while (!(await seen())) {
    const waited = performance.now() - started;
    if (waited > deadlineMs) throw new Error(`not seen within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
}

describe("two instances on one database", () => {
  it("a post added through one is on the other's feed first page within a second", async () => {
    await createPost("Older post");
    const cachedAt = performance.now();
    const before = await feed(two);
    expect(before.articles[0]?.title).toBe("Older post");
    expect(await feed(two)).toEqual(before);

    const id = await createPost("Fresh post");
    expect((await feed(one)).articles[0]?.id).toBe(id);
    const took = await msUntil(async () => (await feed(two)).articles[0]?.id === id);
    expect(took).toBeLessThan(PROPAGATION_DEADLINE_MS);
    // Sooner than the other instance's cached page would have expired by itself.
    expect(performance.now() - cachedAt).toBeLessThan(FEED_TTL_MS);
  });

  it("a post changed in SQL and invalidated through one's cache shows new through the other", async () => {
    const id = await createPost("Old title");
    expect(await titleOf(two, id)).toBe("Old title");
    expect(await titleOf(one, id)).toBe("Old title");
    expect((await feed(two)).articles[0]?.title).toBe("Old title");
    const cachedAt = performance.now();

    await instances.storage.database.db
      .update(posts)
      .set({ title: "New title" })
      .where(eq(posts.id, id));
    // Both kept by the other instance until told.
    expect(await titleOf(two, id)).toBe("Old title");
    expect((await feed(two)).articles[0]?.title).toBe("Old title");
    await one.postCache.invalidate(id);
    expect(await titleOf(one, id)).toBe("New title");
    const took = await msUntil(async () => (await titleOf(two, id)) === "New title");
    expect(took).toBeLessThan(PROPAGATION_DEADLINE_MS);
    expect((await feed(two)).articles[0]?.title).toBe("New title");
    expect(performance.now() - cachedAt).toBeLessThan(Math.min(POST_TTL_MS, FEED_TTL_MS));
  });

  it("an author's edit and delete through one show through the other within a second", async () => {
    const id = await createPost("Before the edit");
    expect(await titleOf(two, id)).toBe("Before the edit");
    // The new post reaches the other instance's cached feed by an event, not at once.
    const tookPost = await msUntil(async () => (await feed(two)).articles[0]?.id === id);
    expect(tookPost).toBeLessThan(PROPAGATION_DEADLINE_MS);

    const edited = await one.inject({
      method: "PATCH",
      url: `/api/articles/${id}`,
      headers: { cookie: ada.cookie },
      payload: { title: "After the edit" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titleOf(one, id)).toBe("After the edit");
    const tookEdit = await msUntil(async () => (await titleOf(two, id)) === "After the edit");
    expect(tookEdit).toBeLessThan(PROPAGATION_DEADLINE_MS);
    expect((await feed(two)).articles[0]?.title).toBe("After the edit");

    const deleted = await one.inject({
      method: "DELETE",
      url: `/api/articles/${id}`,
      headers: { cookie: ada.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    const status = async () =>
      (await two.inject({ method: "GET", url: `/api/articles/${id}` })).statusCode;
    const tookDelete = await msUntil(async () => (await status()) === 404);
    expect(tookDelete).toBeLessThan(PROPAGATION_DEADLINE_MS);
    const gone = await two.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(gone.json().error.code).toBe("post-removed");
    await msUntil(async () => !(await feed(two)).articles.some((post) => post.id === id));
  });
});
