import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { moderationLog, reports } from "../db/schema.ts";

/** Threshold 3 (moderationTestApp). */
const m = moderationFixture();
const { db } = m;

const postHiddenAt = (postId: number) => m.hiddenAt("post", postId);

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
    const res = await m.report(reporter, { type: "post", id: postId });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe("the reports threshold", () => {
  it("hides an item once 3 different established members reported it, logs it, and keeps it in the queue", async () => {
    const author = await m.member();
    const postId = await m.post(author, "Miracle pills");
    const reporters = await Promise.all([1, 2, 3].map(() => m.establishedMember()));
    await m.listening(async (announcements) => {
      await reportAll(reporters.slice(0, 2), postId);
      expect(await postHiddenAt(postId)).toBeNull();
      await reportAll(reporters.slice(2), postId);
      expect(await postHiddenAt(postId)).toBeInstanceOf(Date);
      // Every instance forgets the post's page and the feed.
      await announcements.heard(`post:${postId}`);
    });

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

    const moderator = await m.moderator();
    const queue = (await m.call(moderator, { url: "/queue" })).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({
        target: { type: "post", id: String(postId) },
        hidden: true,
        report_count: 3,
      }),
    );
    const log = (await m.call(moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: null,
      action: "auto-hide",
      target: { type: "post", id: String(postId) },
      subject: author.username,
    });

    // A fourth member no longer sees it, so cannot report it.
    const late = await m.report(await m.establishedMember(), {
      type: "post",
      id: postId,
    });
    expect(late.statusCode).toBe(404);
  });

  it("does not count reporters whose accounts are younger than a day", async () => {
    const author = await m.member();
    const postId = await m.post(author);
    const newcomers = await Promise.all([1, 2, 3, 4].map(() => m.member()));
    const established = await Promise.all([1, 2].map(() => m.establishedMember()));
    await reportAll([...newcomers, ...established], postId);
    expect(await postHiddenAt(postId)).toBeNull();
    expect(await autoHideLines(String(postId))).toEqual([]);

    await reportAll([await m.establishedMember()], postId);
    expect(await postHiddenAt(postId)).toBeInstanceOf(Date);
  });

  it("does not count reports a moderator already resolved", async () => {
    const author = await m.member();
    const postId = await m.post(author);
    await reportAll(await Promise.all([1, 2].map(() => m.establishedMember())), postId);
    const moderator = await m.moderator();
    const dismissed = await m.call(moderator, {
      method: "POST",
      url: `/items/post/${postId}/dismiss`,
      payload: {},
    });
    expect(dismissed.statusCode).toBe(200);
    await reportAll([await m.establishedMember()], postId);
    expect(await postHiddenAt(postId)).toBeNull();
  });

  it("hides once when reports arrive together, with one log line", async () => {
    const author = await m.member();
    const postId = await m.post(author);
    const reporters = await Promise.all([1, 2, 3, 4, 5].map(() => m.establishedMember()));
    const answers = await Promise.all(
      reporters.map((reporter) => m.report(reporter, { type: "post", id: postId })),
    );
    // Those that came after the hiding no longer see the post.
    expect(answers.filter((res) => res.statusCode === 201).length).toBeGreaterThanOrEqual(3);
    expect(answers.every((res) => [201, 404].includes(res.statusCode))).toBe(true);
    expect(await postHiddenAt(postId)).toBeInstanceOf(Date);
    expect(await autoHideLines(String(postId))).toHaveLength(1);
  });

  it("hides a chat message and tells every instance's chat to drop it", async () => {
    const author = await m.member();
    const messageId = await m.message(author, "Join my pyramid");
    const reporters = await Promise.all([1, 2, 3].map(() => m.establishedMember()));
    await m.listening(async (announcements) => {
      for (const reporter of reporters) {
        const res = await m.report(reporter, { type: "message", id: messageId }, "scam");
        expect(res.statusCode).toBe(201);
      }
      await announcements.heard(`chat-hidden:${messageId}`);
    });
    expect(await m.hiddenAt("message", messageId)).toBeInstanceOf(Date);
    expect(await autoHideLines(String(messageId), "message")).toHaveLength(1);
  });

  describe("at another REPORTS_AUTO_HIDE_THRESHOLD", () => {
    const strict = moderationFixture({
      moderation: { adminEmails: [], autoHideThreshold: 1 },
    });

    it("follows REPORTS_AUTO_HIDE_THRESHOLD", async () => {
      const postId = await strict.post(await strict.member());
      const reporter = await strict.establishedMember();
      expect((await strict.report(reporter, { type: "post", id: postId })).statusCode).toBe(201);
      expect(await strict.hiddenAt("post", postId)).toBeInstanceOf(Date);
    });
  });
});
