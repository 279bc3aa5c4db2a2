import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { profiles } from "../db/schema.ts";

const m = moderationFixture();
const { db } = m;

const targetKey = (entry: { target: { type: string; id: string } }) =>
  `${entry.target.type}:${entry.target.id}`;

describe("GET /api/moderation/queue and /count", () => {
  it("groups open reports by item, in context, oldest first report first, with reasons and notes", async () => {
    const moderator = await m.moderator();
    const countBefore = await m.openCount(moderator);
    const author = await m.member();
    const subject = await m.member();
    const chatter = await m.member();
    const [r1, r2, r3] = await Promise.all([1, 2, 3].map(() => m.member()));
    if (!r1 || !r2 || !r3) throw new Error("no reporters");
    await db()
      .update(profiles)
      .set({ bio: "I fix everything, pay upfront." })
      .where(eq(profiles.userId, subject.userId));
    const postId = await m.post(author, "Cheap watches");
    const reviewId = await m.review(author, subject);
    const messageId = await m.message(chatter, "Click my link");

    const send = [
      [r1, { type: "post", id: postId }, "spam", "Same post in every town"],
      [r1, { type: "message", id: messageId }, "harassment", ""],
      [r2, { type: "post", id: postId }, "scam", ""],
      [r3, { type: "post", id: postId }, "spam", "Seen it twice"],
      [r2, { type: "profile", id: subject.username }, "other", "Asks for money first"],
      [r3, { type: "review", id: reviewId }, "scam", ""],
    ] as const;
    for (const [reporter, target, reason, note] of send) {
      expect((await m.report(reporter, target, reason, note)).statusCode).toBe(201);
    }

    const mine = new Set([
      `post:${postId}`,
      `message:${messageId}`,
      `profile:${subject.username}`,
      `review:${reviewId}`,
    ]);
    const entries = (await m.queue(moderator)).filter((entry) => mine.has(targetKey(entry)));
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

    expect(await m.openCount(moderator)).toBe(countBefore + 4);
  });

  it("drops an item from the queue and the count once a moderator acted on it", async () => {
    const moderator = await m.moderator();
    const { postId } = await m.reportedPost({ reporters: 1 });
    const before = await m.openCount(moderator);
    expect((await m.queue(moderator)).map(targetKey)).toContain(`post:${postId}`);

    const dismissed = await m.call(moderator, {
      method: "POST",
      url: `/items/post/${postId}/dismiss`,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await m.queue(moderator)).map(targetKey)).not.toContain(`post:${postId}`);
    expect(await m.openCount(moderator)).toBe(before - 1);
  });

  it("shows an author's suspension", async () => {
    const moderator = await m.moderator();
    const { author, postId } = await m.reportedPost({ reporters: 1 });
    await db().execute(
      sql`update users set suspended_until = 'infinity' where id = ${author.userId}`,
    );
    const entry = (await m.queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(entry?.author).toEqual({ username: author.username, suspended_until: "indefinite" });
    await db().execute(
      sql`update users set suspended_until = '2100-01-02T03:04:05.678Z' where id = ${author.userId}`,
    );
    const timed = (await m.queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(timed?.author.suspended_until).toBe("2100-01-02T03:04:05.678Z");
    // A suspension that is over is no suspension.
    await db().execute(
      sql`update users set suspended_until = now() - interval '1 minute' where id = ${author.userId}`,
    );
    const over = (await m.queue(moderator)).find((each) => targetKey(each) === `post:${postId}`);
    expect(over?.author.suspended_until).toBeNull();
  });
});

describe("GET /api/moderation/hidden", () => {
  it("lists hidden items of every kind, most recently hidden first", async () => {
    const moderator = await m.moderator();
    const { author, postId, reviewId, messageId } = await m.authorOfEveryKind();
    const visiblePost = await m.post(author, "Still visible");
    const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
    await m.setHiddenAt("post", postId, at(1));
    await m.setHiddenAt("review", reviewId, at(3));
    await m.setHiddenAt("message", messageId, at(2));
    await m.setHiddenAt("profile", author.userId, at(4));

    const mine = (await m.hidden(moderator)).filter(
      (item) => item.author.username === author.username,
    );
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
