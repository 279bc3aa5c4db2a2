import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribeToEventKeys } from "../../../test/harness/event-keys.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "../../../test/harness/test-database.ts";
import type { PostsPage } from "../../shared/posts.ts";
import { type Database, LISTEN_APPLICATION_NAME, openPostgres } from "../db/database.ts";
import {
  announcePostChange,
  type CachedPost,
  createPostCache,
  type PostCache,
} from "./post-cache.ts";

/**
 * Two instances on one database: on PostgreSQL two connections (pools and LISTEN connections) as
 * two processes would have; on PGlite, which lives in one process, two caches on the one database.
 */
let testDb: TestDatabase;
let other: Database;
let here: PostCache;
let there: PostCache;
/** Every key the other instance heard, in order. */
const heardThere: string[] = [];
const waiters = new Set<() => void>();
let unsubscribe: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  other = testDb.url ? await openPostgres(testDb.url, 2) : testDb.database;
  here = createPostCache(testDb.database);
  there = createPostCache(other);
  await here.start();
  await there.start();
  unsubscribe = await subscribeToEventKeys(other, (key) => {
    heardThere.push(key);
    for (const wake of waiters) wake();
  });
});

afterAll(async () => {
  await unsubscribe();
  await here.stop();
  await there.stop();
  if (other !== testDb.database) await other.close();
  await testDb.drop();
});

/** Resolves when the other instance has heard `key`, or fails after `ms`. */
function heardThereEventually(key: string, ms = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!heardThere.includes(key)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`the other instance did not hear "${key}" within ${ms} ms`));
    }, ms);
    waiters.add(check);
    check();
  });
}

let sentinel = 1_000;
/** Waits until the other instance has heard every change announced so far (they come in order). */
async function otherCaughtUp(): Promise<void> {
  sentinel += 1;
  await announcePostChange(testDb.database.db, sentinel);
  await heardThereEventually(`post:${sentinel}`);
}

/** A loader that counts its calls and answers a new object each time. */
function counted<T>(make: (call: number) => T) {
  const loader = async () => make(++loader.calls);
  loader.calls = 0;
  return loader;
}

const postAnswer = (id: number, title: string): CachedPost => ({
  answer: {
    article: {
      id,
      title,
      topic: "General",
      body: "Body",
      username: "ada",
      created_at: "2026-01-01T00:00:00.000000Z",
      expires_at: "2099-01-01T00:00:00.000Z",
      type: "offering",
      area: null,
    },
  },
  authorUserId: "00000000-0000-4000-8000-000000000000",
  hidden: false,
});
const NOW = new Date("2026-06-01T00:00:00Z");

const pageAnswer = (call: number): PostsPage => ({
  articles: [postAnswer(call, `Page ${call}`).answer.article],
  nextCursor: null,
});

describe("post cache", () => {
  it("answers a kept post and feed page as the same object without loading again", async () => {
    const cache = createPostCache(testDb.database);
    const post = counted((call) => postAnswer(1, `Title ${call}`));
    const page = counted(pageAnswer);
    const first = await cache.post(1, post);
    expect(await cache.post(1, post)).toBe(first);
    const firstPage = await cache.feedFirstPage(20, NOW, page);
    expect(await cache.feedFirstPage(20, NOW, page)).toBe(firstPage);
    expect([post.calls, page.calls]).toEqual([1, 1]);
  });

  it("reads a kept feed page again once one of its posts has expired at the clock's now", async () => {
    const cache = createPostCache(testDb.database);
    const page = counted(pageAnswer);
    await cache.feedFirstPage(20, NOW, page);
    expect((await cache.feedFirstPage(20, NOW, page)).articles[0]?.title).toBe("Page 1");
    const afterExpiry = new Date("2099-01-01T00:00:00.001Z");
    expect((await cache.feedFirstPage(20, afterExpiry, page)).articles[0]?.title).toBe("Page 2");
  });

  it("keeps no 'not found'", async () => {
    const cache = createPostCache(testDb.database);
    const missing = counted(() => null);
    expect(await cache.post(404, missing)).toBeNull();
    expect(await cache.post(404, missing)).toBeNull();
    expect(missing.calls).toBe(2);
  });

  it("invalidate(id) forgets that post and the feed pages, and keeps the other posts", async () => {
    const one = counted((call) => postAnswer(11, `One ${call}`));
    const two = counted((call) => postAnswer(12, `Two ${call}`));
    const page = counted(pageAnswer);
    await here.post(11, one);
    await here.post(12, two);
    await here.feedFirstPage(20, NOW, page);
    await here.invalidate(11);
    expect((await here.post(11, one))?.answer.article.title).toBe("One 2");
    expect((await here.post(12, two))?.answer.article.title).toBe("Two 1");
    expect((await here.feedFirstPage(20, NOW, page)).articles[0]?.title).toBe("Page 2");
  });

  it("invalidate() forgets every post and every feed page", async () => {
    const one = counted((call) => postAnswer(21, `One ${call}`));
    const two = counted((call) => postAnswer(22, `Two ${call}`));
    const small = counted(pageAnswer);
    const large = counted(pageAnswer);
    for (let round = 0; round < 2; round++) {
      await here.post(21, one);
      await here.post(22, two);
      await here.feedFirstPage(5, NOW, small);
      await here.feedFirstPage(50, NOW, large);
      if (round === 0) await here.invalidate();
    }
    expect([one.calls, two.calls, small.calls, large.calls]).toEqual([2, 2, 2, 2]);
  });

  it("tells the other instance: it forgets the post invalidated here", async () => {
    const post = counted((call) => postAnswer(31, `Title ${call}`));
    const keep = counted((call) => postAnswer(32, `Kept ${call}`));
    await otherCaughtUp();
    await there.post(31, post);
    await there.post(32, keep);
    await here.invalidate(31);
    await heardThereEventually("post:31");
    expect((await there.post(31, post))?.answer.article.title).toBe("Title 2");
    expect((await there.post(32, keep))?.answer.article.title).toBe("Kept 1");
  });

  it("tells no instance of a change announced in a transaction that rolled back", async () => {
    const post = counted((call) => postAnswer(41, `Title ${call}`));
    await otherCaughtUp();
    await there.post(41, post);
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await announcePostChange(tx, 41);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    await otherCaughtUp();
    expect(heardThere).not.toContain("post:41");
    expect((await there.post(41, post))?.answer.article.title).toBe("Title 1");
  });

  it("tells every instance of a change announced in a transaction once it commits", async () => {
    const post = counted((call) => postAnswer(51, `Title ${call}`));
    await otherCaughtUp();
    await there.post(51, post);
    await testDb.database.db.transaction(async (tx) => {
      await announcePostChange(tx, 51);
    });
    await heardThereEventually("post:51");
    expect((await there.post(51, post))?.answer.article.title).toBe("Title 2");
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "forgets everything when its lost LISTEN connection is back (what was sent meanwhile is gone)",
    async () => {
      const post = counted((call) => postAnswer(61, `Title ${call}`));
      await otherCaughtUp();
      await there.post(61, post);
      heardThere.length = 0;
      const killed = (await testDb.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
      )) as unknown as { rows: unknown[] };
      expect(killed.rows.length).toBeGreaterThan(1);
      await heardThereEventually("all", 10_000);
      expect((await there.post(61, post))?.answer.article.title).toBe("Title 2");
    },
  );
});
