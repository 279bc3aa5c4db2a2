import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPostgres } from "../db/database.ts";
import { posts, profiles, reviews, users, writeEvents } from "../db/schema.ts";
import { write } from "../write/index.ts";
import { DEFAULT_WRITE_LIMITS } from "./write-limit-rules.ts";

/**
 * Two app instances on one database, as two servers behind a load balancer: on PostgreSQL each has
 * its own connection pool, on PGlite (one process only) they share the one connection.
 */
let storage: TestDatabase;
let secondDatabase: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  storage = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), webDir: undefined };
  a = await buildApp({ config, database: storage.database, logger: false });
  if (storage.url) secondDatabase = await openPostgres(storage.url, 5);
  b = await buildApp({ config, database: secondDatabase ?? storage.database, logger: false });
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await secondDatabase?.close();
  await storage?.drop();
});

const db = () => storage.database.db;
const post = { title: "Need a plumber", topic: "Plumbing", body: "My sink leaks." };
const { post: postRule, review: reviewRule } = DEFAULT_WRITE_LIMITS;

function addPost(user: TestUser, app = a, payload: object = post) {
  return app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: user.cookie },
    payload,
  });
}

/** An account made two days ago: past the tighter first-day limits. */
async function establishedUser(): Promise<TestUser> {
  const user = await createSignedInUser(a);
  await db()
    .update(users)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(users.id, user.userId));
  return user;
}

async function postsBy(user: TestUser): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(posts)
    .where(eq(posts.authorId, user.profile?.id ?? ""));
  return row?.n ?? 0;
}

describe("write limits per account, counted in the database", () => {
  it("refuses a new account's post past its limit with 429, Retry-After and a clear text; nothing is stored", async () => {
    const ada = await createSignedInUser(a);
    for (let i = 0; i < postRule.newAccountMax; i++) {
      expect((await addPost(ada)).statusCode).toBe(201);
    }
    const refused = await addPost(ada, a, { ...post, title: "One too many" });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(postRule.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(postRule.windowSeconds);
    expect(refused.json().error).toEqual({
      code: "too-many-requests",
      message: `You have added ${postRule.newAccountMax} posts in the last hour. You can post again in 60 minutes. New accounts have lower limits on their first day.`,
    });
    expect(await postsBy(ada)).toBe(postRule.newAccountMax);
    const titles = await db().select({ title: posts.title }).from(posts);
    expect(titles.map((row) => row.title)).not.toContain("One too many");

    // Someone else is not held by ada's limit.
    const grace = await createSignedInUser(a);
    expect((await addPost(grace)).statusCode).toBe(201);
  });

  it("gives an account older than a day the higher limit", async () => {
    const ben = await establishedUser();
    for (let i = 0; i < postRule.max; i++) expect((await addPost(ben)).statusCode).toBe(201);
    const refused = await addPost(ben);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      `You have added ${postRule.max} posts in the last hour. You can post again in 60 minutes.`,
    );
    expect(await postsBy(ben)).toBe(postRule.max);
  });

  it("says when the oldest post in the window leaves it, and drops events that have left", async () => {
    const cy = await establishedUser();
    const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
    await db()
      .insert(writeEvents)
      .values([
        { userId: cy.userId, action: "post", at: at(120) },
        ...Array.from({ length: postRule.max }, (_, i) => ({
          userId: cy.userId,
          action: "post",
          at: at(50 - i),
        })),
      ]);
    const refused = await addPost(cy);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(refused.json().error.message).toMatch(/You can post again in 10 minutes\.$/);
    const [kept] = await db()
      .select({
        n: count(),
        oldest: sql<number>`extract(epoch from now() - min(${writeEvents.at}))::float8`,
      })
      .from(writeEvents)
      .where(eq(writeEvents.userId, cy.userId));
    expect(kept?.n).toBe(postRule.max);
    expect(Number(kept?.oldest)).toBeLessThan(postRule.windowSeconds);
  });

  it("lets 20 parallel posts through two instances store exactly the limit", async () => {
    const dee = await establishedUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addPost(dee, i % 2 ? a : b, { ...post, title: `Parallel ${i}` }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(postRule.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - postRule.max);
    expect(await postsBy(dee)).toBe(postRule.max);
    // Both instances refuse from now on: the count is the database's, not a process's.
    expect((await addPost(dee, a)).statusCode).toBe(429);
    expect((await addPost(dee, b)).statusCode).toBe(429);
  });

  it("limits reviews: past the limit 429 and no review stored", async () => {
    const eve = await createSignedInUser(a);
    const subjects = await Promise.all(
      Array.from({ length: reviewRule.newAccountMax + 1 }, () => createSignedInUser(a)),
    );
    const review = (subject: TestUser, app = a) =>
      app.inject({
        method: "POST",
        url: "/api/reviews",
        headers: { cookie: eve.cookie },
        payload: {
          created_about: subject.profile?.username,
          title: "Great",
          body: "Fixed it.",
          rating: 5,
        },
      });
    for (const subject of subjects.slice(0, -1)) {
      expect((await review(subject, subject === subjects[0] ? a : b)).statusCode).toBe(201);
    }
    const last = subjects.at(-1) as TestUser;
    const refused = await review(last, b);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      new RegExp(
        `^You have written ${reviewRule.newAccountMax} reviews in the last hour\\. You can write another review in \\d+ minutes\\.`,
      ),
    );
    const stored = await db()
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.subjectId, last.profile?.id ?? ""));
    expect(stored[0]?.n).toBe(0);
  });

  it("limits profile edits: past the limit 429 and the profile unchanged", async () => {
    const fay = await createSignedInUser(a);
    const username = fay.profile?.username ?? "";
    const edit = (bio: string) =>
      a.inject({
        method: "PUT",
        url: `/api/users/${username}`,
        headers: { cookie: fay.cookie },
        payload: { bio },
      });
    const { newAccountMax } = DEFAULT_WRITE_LIMITS["profile-edit"];
    for (let i = 0; i < newAccountMax; i++) expect((await edit(`Bio ${i}`)).statusCode).toBe(200);
    const refused = await edit("Too many");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().error.message).toMatch(
      new RegExp(`^You have saved your profile ${newAccountMax} times in the last hour\\.`),
    );
    const [row] = await db()
      .select({ bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.username, username));
    expect(row?.bio).toBe(`Bio ${newAccountMax - 1}`);
  });

  it("answers callers outside HTTP (the chat) with the wait instead of throwing, and skips the write", async () => {
    const gus = await createSignedInUser(a);
    const { newAccountMax } = DEFAULT_WRITE_LIMITS.chat;
    const limits = a.config.writeLimits;
    let writes = 0;
    const send = () =>
      write(
        db(),
        async () => {
          writes++;
          return "sent";
        },
        { limits, userId: gus.userId, action: "chat" },
      );
    for (let i = 0; i < newAccountMax; i++) {
      expect(await send()).toEqual({ ok: true, value: "sent" });
    }
    const refused = await send();
    expect(writes).toBe(newAccountMax);
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.retryAfter).toBe(refused.refusal.retryAfterSeconds);
    expect(refused.refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.refusal.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.refusal.message).toMatch(
      new RegExp(
        `^You have sent ${newAccountMax} messages in the last minute\\. You can send again in (\\d+ seconds?|1 minute)\\.`,
      ),
    );
    const [events] = await db()
      .select({ n: count() })
      .from(writeEvents)
      .where(and(eq(writeEvents.userId, gus.userId), eq(writeEvents.action, "chat")));
    expect(events?.n).toBe(newAccountMax);
  });
});
