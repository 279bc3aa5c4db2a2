import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { REPORT_NOTE_MAX_LENGTH, REPORT_RECEIVED_TEXT } from "../../shared/moderation.ts";
import { blocks, reports, writeEvents } from "../db/schema.ts";

const m = moderationFixture();
const { t, db } = m;

async function storedReports(reporterId: string) {
  return db()
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      subjectUserId: reports.subjectUserId,
      reason: reports.reason,
      note: reports.note,
      status: reports.status,
    })
    .from(reports)
    .where(eq(reports.reporterId, reporterId));
}

describe("POST /api/reports", () => {
  it("stores a report of each kind of item, open, naming its author, and thanks the reporter", async () => {
    const { author, postId, reviewId, messageId } = await m.authorOfEveryKind();
    const reporter = await m.member();

    const answer = await m.report(reporter, { type: "post", id: postId }, "scam", " Fake ");
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({
      report: { id: expect.any(Number), status: "open" },
      message: REPORT_RECEIVED_TEXT,
    });
    for (const target of [
      { type: "review", id: reviewId },
      { type: "message", id: messageId },
      // A profile by its username, in any letter case.
      { type: "profile", id: author.username.toUpperCase() },
    ] as const) {
      expect((await m.report(reporter, target, "harassment")).statusCode).toBe(201);
    }

    const stored = await storedReports(reporter.userId);
    expect(stored).toEqual(
      expect.arrayContaining([
        {
          targetType: "post",
          targetId: String(postId),
          subjectUserId: author.userId,
          reason: "scam",
          note: "Fake",
          status: "open",
        },
        expect.objectContaining({ targetType: "review", targetId: String(reviewId) }),
        expect.objectContaining({ targetType: "message", targetId: String(messageId) }),
        // A profile is stored by its id: a username is only how the wire names it.
        expect.objectContaining({ targetType: "profile", targetId: author.profile?.id }),
      ]),
    );
    expect(stored).toHaveLength(4);
    expect(stored.every((row) => row.subjectUserId === author.userId)).toBe(true);
  });

  it("answers 401 signed out and 403 profile-required without a profile, storing nothing", async () => {
    const author = await m.member();
    const postId = await m.post(author);
    const signedOut = await m.report(undefined, { type: "post", id: postId });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("not-signed-in");

    const noProfile = await m.member({ withProfile: false });
    const refused = await m.report(noProfile, { type: "post", id: postId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("profile-required");
    expect(await storedReports(noProfile.userId)).toEqual([]);
  });

  it("refuses a bad body with 400 invalid-input naming the field", async () => {
    const reporter = await m.member();
    const send = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/reports",
        headers: { cookie: reporter.cookie },
        payload,
      });
    const noReason = await send({ target: { type: "post", id: "1" } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatchObject({
      code: "invalid-input",
      fields: { reason: "Choose a reason" },
    });
    const longNote = await send({
      target: { type: "post", id: "1" },
      reason: "other",
      note: "x".repeat(REPORT_NOTE_MAX_LENGTH + 1),
    });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().error.fields.note).toMatch(/at most 500/);
    const badType = await send({ target: { type: "blog", id: "1" }, reason: "spam" });
    expect(badType.statusCode).toBe(400);
    expect(await storedReports(reporter.userId)).toEqual([]);
  });

  it("answers 404 for what does not exist or the reporter may not see (hidden)", async () => {
    const author = await m.member();
    const reporter = await m.member();
    const hiddenPost = await m.post(author);
    await m.setHiddenAt("post", hiddenPost, new Date());
    for (const target of [
      { type: "post", id: 999_999_999 },
      { type: "post", id: "12abc" },
      { type: "review", id: 999_999_999 },
      { type: "message", id: "-1" },
      { type: "profile", id: "nobody_by_that_name" },
      { type: "post", id: hiddenPost },
    ] as const) {
      const res = await m.report(reporter, target);
      expect(res.statusCode, `${target.type} ${target.id}`).toBe(404);
      expect(res.json().error.code).toBe("not-found");
    }
    expect(await storedReports(reporter.userId)).toEqual([]);
  });

  it("refuses reports of one's own content with 403 forbidden", async () => {
    const author = await m.member();
    const subject = await m.member();
    for (const target of [
      { type: "post", id: await m.post(author) },
      { type: "review", id: await m.review(author, subject) },
      { type: "message", id: await m.message(author) },
      { type: "profile", id: author.username },
    ] as const) {
      const res = await m.report(author, target);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: "forbidden",
        message: "You can't report what you wrote.",
      });
    }
    expect(await storedReports(author.userId)).toEqual([]);
  });

  it("takes one open report per reporter and item (409), and a new one once that was resolved", async () => {
    const author = await m.member();
    const reporter = await m.member();
    const other = await m.member();
    const postId = await m.post(author);
    const target = { type: "post", id: postId } as const;
    expect((await m.report(reporter, target)).statusCode).toBe(201);
    const again = await m.report(reporter, target, "scam");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "already-reported",
      message: "You have already reported this; moderators will look at it.",
    });
    // Someone else may report it too.
    expect((await m.report(other, target)).statusCode).toBe(201);
    // The refused one was not counted against the reporter's limit.
    const counted = await db()
      .select({ id: writeEvents.id })
      .from(writeEvents)
      .where(and(eq(writeEvents.userId, reporter.userId), eq(writeEvents.action, "report")));
    expect(counted).toHaveLength(1);

    await db()
      .update(reports)
      .set({ status: "dismissed" })
      .where(eq(reports.reporterId, reporter.userId));
    expect((await m.report(reporter, target, "other", "It is back")).statusCode).toBe(201);
    expect((await storedReports(reporter.userId)).map((row) => row.status).sort()).toEqual([
      "dismissed",
      "open",
    ]);
  });

  it("lets a member report someone they blocked", async () => {
    const author = await m.member();
    const reporter = await m.member();
    await db().insert(blocks).values({ blockerId: reporter.userId, blockedId: author.userId });
    const res = await m.report(reporter, { type: "post", id: await m.post(author) });
    expect(res.statusCode).toBe(201);
  });

  it("limits a new account to 5 reports an hour: the sixth is 429 and not stored", async () => {
    const author = await m.member();
    const reporter = await m.member();
    const postIds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => m.post(author, `Post ${i}`)),
    );
    for (const postId of postIds.slice(0, 5)) {
      expect((await m.report(reporter, { type: "post", id: postId })).statusCode).toBe(201);
    }
    const refused = await m.report(reporter, { type: "post", id: postIds[5] ?? 0 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error).toEqual({
      code: "too-many-requests",
      message:
        "You have sent 5 reports in the last hour. You can report again in 60 minutes. New accounts have lower limits on their first day.",
    });
    expect(await storedReports(reporter.userId)).toHaveLength(5);
  });
});
