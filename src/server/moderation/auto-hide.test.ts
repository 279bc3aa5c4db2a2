import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  createEstablishedMember,
  createModerator,
  insertMessage,
  insertPost,
  listenToAnnouncements,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import { createTestApp } from "../../../test/harness/test-app.ts";
import { messages, moderationLog, posts, reports } from "../db/schema.ts";

/** Threshold 3 (moderationTestApp). */
const t = moderationTestApp();
const db = () => t.database.db;

const hiddenAtOf = async (postId: number) =>
  (await db().select({ at: posts.hiddenAt }).from(posts).where(eq(posts.id, postId)))[0]?.at;

const autoHideLines = (targetId: string, targetType = "post") =>
  db()
    .select({
      moderatorId: moderationLog.moderatorId,
      targetType: moderationLog.targetType,
      subjectUserId: moderationLog.subjectUserId,
      reason: moderationLog.reason,
    })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, "auto-hide"),
        eq(moderationLog.targetType, targetType),
        eq(moderationLog.targetId, targetId),
      ),
    );

async function reportAll(reporters: TestUser[], postId: number) {
  for (const reporter of reporters) {
    const res = await report(t.app, reporter, { type: "post", id: postId });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe("the reports threshold", () => {
  it("hides an item once 3 different established members reported it, logs it, and keeps it in the queue", async () => {
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author, "Miracle pills");
    const reporters = await Promise.all([1, 2, 3].map(() => createEstablishedMember(t.app)));
    const announcements = await listenToAnnouncements(t.database);
    try {
      await reportAll(reporters.slice(0, 2), postId);
      expect(await hiddenAtOf(postId)).toBeNull();
      await reportAll(reporters.slice(2), postId);
      expect(await hiddenAtOf(postId)).toBeInstanceOf(Date);
      // Every instance forgets the post's page and the feed.
      await announcements.heard(`post:${postId}`);
      await announcements.heard("feed");
    } finally {
      await announcements.stop();
    }

    expect(await autoHideLines(String(postId))).toEqual([
      {
        moderatorId: null,
        targetType: "post",
        subjectUserId: author.userId,
        reason: "Reported by 3 members",
      },
    ]);
    const open = await db()
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.targetId, String(postId)));
    expect(open.map((row) => row.status)).toEqual(["open", "open", "open"]);

    const moderator = await createModerator(t.app);
    const queue = (await moderationCall(t.app, moderator, { url: "/queue" })).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({
        target: { type: "post", id: String(postId) },
        hidden: true,
        report_count: 3,
      }),
    );
    const log = (await moderationCall(t.app, moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: null,
      action: "auto-hide",
      target: { type: "post", id: String(postId) },
      subject: author.username,
    });

    // A fourth member no longer sees it, so cannot report it.
    const late = await report(t.app, await createEstablishedMember(t.app), {
      type: "post",
      id: postId,
    });
    expect(late.statusCode).toBe(404);
  });

  it("does not count reporters whose accounts are younger than a day", async () => {
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    const newcomers = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(t.app)));
    const established = await Promise.all([1, 2].map(() => createEstablishedMember(t.app)));
    await reportAll([...newcomers, ...established], postId);
    expect(await hiddenAtOf(postId)).toBeNull();
    expect(await autoHideLines(String(postId))).toEqual([]);

    await reportAll([await createEstablishedMember(t.app)], postId);
    expect(await hiddenAtOf(postId)).toBeInstanceOf(Date);
  });

  it("does not count reports a moderator already resolved", async () => {
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    await reportAll(await Promise.all([1, 2].map(() => createEstablishedMember(t.app))), postId);
    const moderator = await createModerator(t.app);
    const dismissed = await moderationCall(t.app, moderator, {
      method: "POST",
      url: `/items/post/${postId}/dismiss`,
      payload: {},
    });
    expect(dismissed.statusCode).toBe(200);
    await reportAll([await createEstablishedMember(t.app)], postId);
    expect(await hiddenAtOf(postId)).toBeNull();
  });

  it("hides once when reports arrive together, with one log line", async () => {
    const author = await createSignedInUser(t.app);
    const postId = await insertPost(db(), author);
    const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => createEstablishedMember(t.app)));
    const answers = await Promise.all(
      reporters.map((reporter) => report(t.app, reporter, { type: "post", id: postId })),
    );
    // Those that came after the hiding no longer see the post.
    expect(answers.filter((res) => res.statusCode === 201).length).toBeGreaterThanOrEqual(3);
    expect(answers.every((res) => [201, 404].includes(res.statusCode))).toBe(true);
    expect(await hiddenAtOf(postId)).toBeInstanceOf(Date);
    expect(await autoHideLines(String(postId))).toHaveLength(1);
  });

  it("hides a chat message and tells every instance's chat to drop it", async () => {
    const author = await createSignedInUser(t.app);
    const messageId = await insertMessage(db(), author, "Join my pyramid");
    const reporters = await Promise.all([1, 2, 3].map(() => createEstablishedMember(t.app)));
    const announcements = await listenToAnnouncements(t.database);
    try {
      for (const reporter of reporters) {
        const res = await report(t.app, reporter, { type: "message", id: messageId }, "scam");
        expect(res.statusCode).toBe(201);
      }
      await announcements.heard(`chat-hidden:${messageId}`);
    } finally {
      await announcements.stop();
    }
    const [row] = await db()
      .select({ hiddenAt: messages.hiddenAt })
      .from(messages)
      .where(eq(messages.id, messageId));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    expect(await autoHideLines(String(messageId), "message")).toHaveLength(1);
  });

  it("follows REPORTS_AUTO_HIDE_THRESHOLD", async () => {
    const strict = await createTestApp({ moderation: { adminEmails: [], autoHideThreshold: 1 } });
    try {
      const author = await createSignedInUser(strict.app);
      const postId = await insertPost(strict.database.db, author);
      const reporter = await createEstablishedMember(strict.app);
      expect((await report(strict.app, reporter, { type: "post", id: postId })).statusCode).toBe(
        201,
      );
      const [row] = await strict.database.db
        .select({ hiddenAt: posts.hiddenAt })
        .from(posts)
        .where(eq(posts.id, postId));
      expect(row?.hiddenAt).toBeInstanceOf(Date);
    } finally {
      await strict.close();
    }
  });
});
