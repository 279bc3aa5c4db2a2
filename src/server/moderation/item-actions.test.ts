import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  insertMessage,
  insertPost,
  insertReview,
  listenToAnnouncements,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { messages, moderationLog, posts, profiles, reports, reviews } from "../db/schema.ts";

const t = moderationTestApp();
const db = () => t.database.db;

function act(
  moderator: TestUser,
  type: ReportTargetType,
  id: string | number,
  action: string,
  reason?: string,
) {
  return moderationCall(t.app, moderator, {
    method: "POST",
    url: `/items/${type}/${id}/${action}`,
    ...(reason === undefined ? {} : { payload: { reason } }),
  });
}

const postHiddenAt = async (id: number) =>
  (await db().select({ at: posts.hiddenAt }).from(posts).where(eq(posts.id, id)))[0]?.at ?? null;

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
async function reportedPost(reporters = 2) {
  const author = await createSignedInUser(t.app);
  const postId = await insertPost(db(), author);
  for (let i = 0; i < reporters; i++) {
    const res = await report(t.app, await createSignedInUser(t.app), { type: "post", id: postId });
    expect(res.statusCode).toBe(201);
  }
  return { author, postId };
}

describe("POST /api/moderation/items/:type/:id/hide", () => {
  it("hides the item, actions its open reports, writes one log line and tells every instance", async () => {
    const moderator = await createModerator(t.app);
    const { author, postId } = await reportedPost();
    const announcements = await listenToAnnouncements(t.database);
    try {
      const res = await act(moderator, "post", postId, "hide", " Spam in every town ");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().item).toMatchObject({
        target: { type: "post", id: String(postId) },
        author: { username: author.username },
        hidden: true,
      });
      await announcements.heard(`post:${postId}`);
      await announcements.heard("feed");
    } finally {
      await announcements.stop();
    }
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
    const log = (await moderationCall(t.app, moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: moderator.username,
      action: "hide",
      target: { type: "post", id: String(postId) },
      subject: author.username,
      reason: "Spam in every town",
    });
    const hidden = (await moderationCall(t.app, moderator, { url: "/hidden" })).json().items;
    expect(hidden[0]).toMatchObject({ target: { type: "post", id: String(postId) } });
  });

  it("keeps when an item the threshold hid was hidden", async () => {
    const moderator = await createModerator(t.app);
    const { postId } = await reportedPost(1);
    const earlier = new Date(Date.now() - 60 * 60 * 1000);
    await db().update(posts).set({ hiddenAt: earlier }).where(eq(posts.id, postId));
    expect((await act(moderator, "post", postId, "hide")).statusCode).toBe(200);
    expect((await postHiddenAt(postId))?.getTime()).toBe(earlier.getTime());
    expect(await reportStatuses("post", postId)).toEqual(["actioned (resolved)"]);
  });

  it("hides reviews, profiles and chat messages; a chat message leaves every socket", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const subject = await createSignedInUser(t.app);
    const reviewId = await insertReview(db(), author, subject);
    const messageId = await insertMessage(db(), author);
    const announcements = await listenToAnnouncements(t.database);
    try {
      expect((await act(moderator, "review", reviewId, "hide")).statusCode).toBe(200);
      expect((await act(moderator, "profile", author.username, "hide")).statusCode).toBe(200);
      expect((await act(moderator, "message", messageId, "hide")).statusCode).toBe(200);
      await announcements.heard(`chat-hidden:${messageId}`);
      expect((await act(moderator, "message", messageId, "restore")).statusCode).toBe(200);
      await announcements.heard(`chat-restored:${messageId}`);
    } finally {
      await announcements.stop();
    }
    const [review] = await db()
      .select({ at: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    const [profile] = await db()
      .select({ at: profiles.hiddenAt })
      .from(profiles)
      .where(eq(profiles.userId, author.userId));
    const [message] = await db()
      .select({ at: messages.hiddenAt })
      .from(messages)
      .where(eq(messages.id, messageId));
    expect(review?.at).toBeInstanceOf(Date);
    expect(profile?.at).toBeInstanceOf(Date);
    expect(message?.at).toBeNull();
    expect((await logLines("profile", author.username)).map((line) => line.action)).toEqual([
      "hide",
    ]);
  });
});

describe("POST /api/moderation/items/:type/:id/restore and /dismiss", () => {
  it("restores a hidden item and dismisses its open reports", async () => {
    const moderator = await createModerator(t.app);
    const { postId } = await reportedPost(1);
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, postId));
    const announcements = await listenToAnnouncements(t.database);
    try {
      const res = await act(moderator, "post", postId, "restore", "Not spam: a real shop");
      expect(res.statusCode).toBe(200);
      expect(res.json().item.hidden).toBe(false);
      await announcements.heard(`post:${postId}`);
    } finally {
      await announcements.stop();
    }
    expect(await postHiddenAt(postId)).toBeNull();
    expect(await reportStatuses("post", postId)).toEqual(["dismissed (resolved)"]);
    expect((await logLines("post", postId)).map(({ action, reason }) => [action, reason])).toEqual([
      ["restore", "Not spam: a real shop"],
    ]);
  });

  it("dismisses the open reports and leaves the item as it is, with one log line", async () => {
    const moderator = await createModerator(t.app);
    const { postId } = await reportedPost(3);
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
    const moderator = await createModerator(t.app);
    const { postId } = await reportedPost(1);
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
