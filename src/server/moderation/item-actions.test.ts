import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { moderationLog, reports } from "../db/schema.ts";

const m = moderationFixture();
const { db } = m;

function act(
  moderator: TestUser,
  type: ReportTargetType,
  id: string | number,
  action: string,
  reason?: string,
) {
  return m.call(moderator, {
    method: "POST",
    url: `/items/${type}/${id}/${action}`,
    ...(reason === undefined ? {} : { payload: { reason } }),
  });
}

const postHiddenAt = (id: number) => m.hiddenAt("post", id);

const reportStatuses = async (type: string, id: string | number) =>
  (
    await db()
      .select({ status: reports.status, resolvedAt: reports.resolvedAt })
      .from(reports)
      .where(and(eq(reports.targetType, type), eq(reports.targetId, String(id))))
      .orderBy(reports.id)
  ).map((row) => `${row.status}${row.resolvedAt ? " (resolved)" : ""}`);

async function logLines(type: string, id: string | number) {
  return db()
    .select({
      moderatorId: moderationLog.moderatorId,
      action: moderationLog.action,
      subjectUserId: moderationLog.subjectUserId,
      reason: moderationLog.reason,
    })
    .from(moderationLog)
    .where(and(eq(moderationLog.targetType, type), eq(moderationLog.targetId, String(id))))
    .orderBy(moderationLog.id);
}

/** A post by a fresh member with an open report from each of `reporters` fresh members. */
describe("POST /api/moderation/items/:type/:id/hide", () => {
  it("hides the item, actions its open reports, writes one log line and tells every instance", async () => {
    const moderator = await m.moderator();
    const { author, postId } = await m.reportedPost();
    await m.listening(async (announcements) => {
      const res = await act(moderator, "post", postId, "hide", " Spam in every town ");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().item).toMatchObject({
        target: { type: "post", id: String(postId) },
        author: { username: author.username },
        hidden: true,
      });
      await announcements.heard(`post:${postId}`);
    });
    expect(await postHiddenAt(postId)).toBeInstanceOf(Date);
    expect(await reportStatuses("post", postId)).toEqual([
      "actioned (resolved)",
      "actioned (resolved)",
    ]);
    expect(await logLines("post", postId)).toEqual([
      {
        moderatorId: moderator.userId,
        action: "hide",
        subjectUserId: author.userId,
        reason: "Spam in every town",
      },
    ]);
    const log = (await m.call(moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: moderator.username,
      action: "hide",
      target: { type: "post", id: String(postId) },
      subject: author.username,
      reason: "Spam in every town",
    });
    const hidden = (await m.call(moderator, { url: "/hidden" })).json().items;
    expect(hidden[0]).toMatchObject({ target: { type: "post", id: String(postId) } });
  });

  it("keeps when an item the threshold hid was hidden", async () => {
    const moderator = await m.moderator();
    const { postId } = await m.reportedPost({ reporters: 1 });
    const earlier = new Date(Date.now() - 60 * 60 * 1000);
    await m.setHiddenAt("post", postId, earlier);
    expect((await act(moderator, "post", postId, "hide")).statusCode).toBe(200);
    expect((await postHiddenAt(postId))?.getTime()).toBe(earlier.getTime());
    expect(await reportStatuses("post", postId)).toEqual(["actioned (resolved)"]);
  });

  it("hides reviews, profiles and chat messages; a chat message leaves every socket", async () => {
    const moderator = await m.moderator();
    const author = await m.member();
    const subject = await m.member();
    const reviewId = await m.review(author, subject);
    const messageId = await m.message(author);
    for (const target of [
      { type: "review", id: reviewId },
      { type: "profile", id: author.username },
      { type: "message", id: messageId },
    ] as const) {
      expect((await m.report(subject, target)).statusCode).toBe(201);
    }
    await m.listening(async (announcements) => {
      expect((await act(moderator, "review", reviewId, "hide")).statusCode).toBe(200);
      expect((await act(moderator, "profile", author.username, "hide")).statusCode).toBe(200);
      expect((await act(moderator, "message", messageId, "hide")).statusCode).toBe(200);
      await announcements.heard(`chat-hidden:${messageId}`);
      expect((await act(moderator, "message", messageId, "restore")).statusCode).toBe(200);
      await announcements.heard(`chat-restored:${messageId}`);
    });
    expect(await m.hiddenAt("review", reviewId)).toBeInstanceOf(Date);
    expect(await m.hiddenAt("profile", author.userId)).toBeInstanceOf(Date);
    expect(await m.hiddenAt("message", messageId)).toBeNull();
    expect((await logLines("profile", author.username)).map((line) => line.action)).toEqual([
      "hide",
    ]);
  });
});

describe("POST /api/moderation/items/:type/:id/restore and /dismiss", () => {
  it("restores a hidden item and dismisses its open reports", async () => {
    const moderator = await m.moderator();
    const { postId } = await m.reportedPost({ reporters: 1 });
    await m.setHiddenAt("post", postId, new Date());
    await m.listening(async (announcements) => {
      const res = await act(moderator, "post", postId, "restore", "Not spam: a real shop");
      expect(res.statusCode).toBe(200);
      expect(res.json().item.hidden).toBe(false);
      await announcements.heard(`post:${postId}`);
    });
    expect(await postHiddenAt(postId)).toBeNull();
    expect(await reportStatuses("post", postId)).toEqual(["dismissed (resolved)"]);
    expect((await logLines("post", postId)).map(({ action, reason }) => [action, reason])).toEqual([
      ["restore", "Not spam: a real shop"],
    ]);
  });

  it("dismisses the open reports and leaves the item as it is, with one log line", async () => {
    const moderator = await m.moderator();
    const { postId } = await m.reportedPost({ reporters: 3 });
    // No body at all: a click on "Dismiss" needs no reason.
    const res = await act(moderator, "post", postId, "dismiss");
    expect(res.statusCode).toBe(200);
    expect(res.json().item.hidden).toBe(false);
    expect(await postHiddenAt(postId)).toBeNull();
    expect(await reportStatuses("post", postId)).toEqual([
      "dismissed (resolved)",
      "dismissed (resolved)",
      "dismissed (resolved)",
    ]);
    expect((await logLines("post", postId)).map(({ action, reason }) => [action, reason])).toEqual([
      ["dismiss", ""],
    ]);
  });

  it("answers 404 for an unknown item and 400 for an unknown kind or action, changing nothing", async () => {
    const moderator = await m.moderator();
    const { postId } = await m.reportedPost({ reporters: 1 });
    for (const [type, id] of [
      ["post", "999999999"],
      ["post", "not-a-number"],
      ["profile", "nobody_by_that_name"],
      ["message", "999999999"],
    ] as const) {
      const res = await act(moderator, type, id, "hide");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not-found");
    }
    expect((await act(moderator, "article" as ReportTargetType, postId, "hide")).statusCode).toBe(
      400,
    );
    expect((await act(moderator, "post", postId, "delete")).statusCode).toBe(400);
    const long = await act(moderator, "post", postId, "hide", "x".repeat(501));
    expect(long.statusCode).toBe(400);
    expect(await postHiddenAt(postId)).toBeNull();
    expect(await reportStatuses("post", postId)).toEqual(["open"]);
    expect(await logLines("post", postId)).toEqual([]);
  });
});
