import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  insertMessage,
  insertPost,
  insertReview,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import { type QueueEntry, queueResponseSchema } from "../../shared/moderation.ts";
import { messages, posts, profiles, reviews } from "../db/schema.ts";

const t = moderationTestApp();
const db = () => t.database.db;

const targetKey = (entry: { target: { type: string; id: string } }) =>
  `${entry.target.type}:${entry.target.id}`;

async function queue(moderator: Parameters<typeof moderationCall>[1]): Promise<QueueEntry[]> {
  const res = await moderationCall(t.app, moderator, { url: "/queue" });
  expect(res.statusCode).toBe(200);
  return queueResponseSchema.parse(res.json()).items;
}

async function openCount(moderator: Parameters<typeof moderationCall>[1]): Promise<number> {
  const res = await moderationCall(t.app, moderator, { url: "/count" });
  expect(res.statusCode).toBe(200);
  return res.json().open;
}

describe("GET /api/moderation/queue and /count", () => {
  it("groups open reports by item, in context, oldest first report first, with reasons and notes", async () => {
    const moderator = await createModerator(t.app);
    const countBefore = await openCount(moderator);
    const author = await createSignedInUser(t.app);
    const subject = await createSignedInUser(t.app);
    const chatter = await createSignedInUser(t.app);
    const [r1, r2, r3] = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.app)));
    if (!r1 || !r2 || !r3) throw new Error("no reporters");
    await db()
      .update(profiles)
      .set({ bio: "I fix everything, pay upfront." })
      .where(eq(profiles.userId, subject.userId));
    const postId = await insertPost(db(), author, "Cheap watches");
    const reviewId = await insertReview(db(), author, subject);
    const messageId = await insertMessage(db(), chatter, "Click my link");

    const send = [
      [r1, { type: "post", id: postId }, "spam", "Same post in every town"],
      [r1, { type: "message", id: messageId }, "harassment", ""],
      [r2, { type: "post", id: postId }, "scam", ""],
      [r3, { type: "post", id: postId }, "spam", "Seen it twice"],
      [r2, { type: "profile", id: subject.username }, "other", "Asks for money first"],
      [r3, { type: "review", id: reviewId }, "scam", ""],
    ] as const;
    for (const [reporter, target, reason, note] of send) {
      expect((await report(t.app, reporter, target, reason, note)).statusCode).toBe(201);
    }

    const mine = new Set([
      `post:${postId}`,
      `message:${messageId}`,
      `profile:${subject.username}`,
      `review:${reviewId}`,
    ]);
    const entries = (await queue(moderator)).filter((entry) => mine.has(targetKey(entry)));
    expect(entries.map(targetKey)).toEqual([...mine]);
    const [post, message, profile, review] = entries;

    expect(post).toEqual({
      target: { type: "post", id: String(postId) },
      author: { username: author.username, suspended_until: null },
      title: "Cheap watches",
      text: "Cheap watches, call me.",
      path: `/articles/${postId}`,
      created_at: expect.any(String),
      hidden: false,
      report_count: 3,
      reasons: [
        { reason: "spam", count: 2 },
        { reason: "scam", count: 1 },
      ],
      notes: ["Same post in every town", "Seen it twice"],
      first_reported_at: expect.any(String),
    });
    expect(message).toMatchObject({
      author: { username: chatter.username },
      title: null,
      text: "Click my link",
      path: "/chatapp",
      report_count: 1,
      reasons: [{ reason: "harassment", count: 1 }],
      notes: [],
    });
    expect(profile).toMatchObject({
      author: { username: subject.username },
      title: subject.username,
      text: "I fix everything, pay upfront.",
      path: `/user/${subject.username}`,
      notes: ["Asks for money first"],
    });
    expect(review).toMatchObject({
      author: { username: author.username },
      title: "Never showed up",
      text: "Took the money and vanished.",
      // A review lives on its subject's profile.
      path: `/user/${subject.username}`,
    });
    const times = entries.map((entry) => Date.parse(entry.first_reported_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Never who reported.
    expect(JSON.stringify(entries)).not.toContain(r1.username);

    expect(await openCount(moderator)).toBe(countBefore + 4);
  });

  it("drops an item from the queue and the count once a moderator acted on it", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    const reporter = await createSignedInUser(t.app);
    expect((await report(t.app, reporter, { type: "post", id: postId })).statusCode).toBe(201);
    const before = await openCount(moderator);
    expect((await queue(moderator)).map(targetKey)).toContain(`post:${postId}`);

    const dismissed = await moderationCall(t.app, moderator, {
      method: "POST",
      url: `/items/post/${postId}/dismiss`,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await queue(moderator)).map(targetKey)).not.toContain(`post:${postId}`);
    expect(await openCount(moderator)).toBe(before - 1);
  });

  it("shows an author's suspension", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    expect(
      (await report(t.app, await createSignedInUser(t.app), { type: "post", id: postId }))
        .statusCode,
    ).toBe(201);
    await db().execute(
      sql`update users set suspended_until = 'infinity' where id = ${author.userId}`,
    );
    const entry = (await queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(entry?.author).toEqual({ username: author.username, suspended_until: "indefinite" });
    await db().execute(
      sql`update users set suspended_until = '2100-01-02T03:04:05.678Z' where id = ${author.userId}`,
    );
    const timed = (await queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(timed?.author.suspended_until).toBe("2100-01-02T03:04:05.678Z");
    // A suspension that is over is no suspension.
    await db().execute(
      sql`update users set suspended_until = now() - interval '1 minute' where id = ${author.userId}`,
    );
    const over = (await queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(over?.author.suspended_until).toBeNull();
  });
});

describe("GET /api/moderation/hidden", () => {
  it("lists hidden items of every kind, most recently hidden first", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const subject = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    const reviewId = await insertReview(db(), author, subject);
    const messageId = await insertMessage(db(), author);
    const visiblePost = await insertPost(db(), author, "Still visible");
    const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
    await db()
      .update(posts)
      .set({ hiddenAt: at(1) })
      .where(eq(posts.id, postId));
    await db()
      .update(reviews)
      .set({ hiddenAt: at(3) })
      .where(eq(reviews.id, reviewId));
    await db()
      .update(messages)
      .set({ hiddenAt: at(2) })
      .where(eq(messages.id, messageId));
    await db()
      .update(profiles)
      .set({ hiddenAt: at(4) })
      .where(eq(profiles.userId, author.userId));

    const res = await moderationCall(t.app, moderator, { url: "/hidden" });
    expect(res.statusCode).toBe(200);
    const items: QueueEntry[] = res.json().items;
    const mine = items.filter((item) => item.author.username === author.username);
    expect(mine.map(targetKey)).toEqual([
      `post:${postId}`,
      `message:${messageId}`,
      `review:${reviewId}`,
      `profile:${author.username}`,
    ]);
    expect(mine.every((item) => item.hidden)).toBe(true);
    expect(mine.map(targetKey)).not.toContain(`post:${visiblePost}`);
  });
});
