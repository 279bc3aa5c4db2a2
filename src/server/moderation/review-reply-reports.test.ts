import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { isTarget, moderationFixture } from "../../../test/harness/moderators.ts";
import { hiddenResponseSchema } from "../../shared/moderation.ts";
import type { Review } from "../../shared/reviews.ts";
import { reports } from "../db/schema.ts";

/** Issue 19: a review's reply is reported and moderated like a review, by the review's id. */

const m = moderationFixture();
const { t, db } = m;
const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});

/** A review by `author` about `subject`, and the subject's reply to it; the review's id. */
async function repliedReview(author: TestUser, subject: TestUser, reply = "You never paid me") {
  const id = await m.review(author, subject);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/reviews/${id}/reply`,
    headers: as(subject),
    payload: { body: reply },
  });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

async function reviewsAbout(subject: TestUser, reader?: TestUser): Promise<Review[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/reviews?created_about=${subject.username}`,
    headers: as(reader),
  });
  expect(res.statusCode).toBe(200);
  return res.json().reviews;
}

async function replyShown(subject: TestUser, id: number, reader?: TestUser) {
  return (await reviewsAbout(subject, reader)).find((review) => review.id === id)?.reply ?? null;
}

/** A moderator, and a review by `author` about `subject` with its reply, which `reader` sees. */
async function repliedScene() {
  const moderator = await m.moderator();
  const author = await m.member();
  const subject = await m.member();
  const reader = await m.member();
  return { moderator, author, subject, reader, id: await repliedReview(author, subject) };
}

const reviewIds = async (subject: TestUser, reader?: TestUser) =>
  (await reviewsAbout(subject, reader)).map((review) => review.id);

const queueEntry = async (moderator: TestUser, id: number) =>
  (await m.queue(moderator)).find(isTarget({ type: "review-reply", id }));

async function openReports(id: number) {
  return db()
    .select({ type: reports.targetType, status: reports.status })
    .from(reports)
    .where(eq(reports.targetId, String(id)));
}

describe("reports on a review's reply", () => {
  it("are queued with the reply in context; hiding it takes it from everyone but its author and moderators", async () => {
    const { moderator, author, subject, reader, id } = await repliedScene();

    const res = await m.report(reader, { type: "review-reply", id }, "harassment", "Rude");
    expect(res.statusCode, res.body).toBe(201);
    expect(await queueEntry(moderator, id)).toEqual({
      target: { type: "review-reply", id: String(id) },
      author: { username: subject.username, suspended_until: null },
      title: 'Reply to "Never showed up"',
      text: "You never paid me",
      path: `/user/${subject.username}`,
      created_at: expect.any(String),
      hidden: false,
      report_count: 1,
      reasons: [{ reason: "harassment", count: 1 }],
      notes: ["Rude"],
      first_reported_at: expect.any(String),
    });

    const hidden = await m.call(moderator, {
      method: "POST",
      url: `/items/review-reply/${id}/hide`,
      payload: { reason: "harassment" },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await queueEntry(moderator, id)).toBeUndefined();
    for (const other of [undefined, reader, author]) {
      expect(await replyShown(subject, id, other)).toBeNull();
    }
    expect(await replyShown(subject, id, subject)).toMatchObject({ hidden: true });
    // The review itself stays.
    expect(await reviewIds(subject, reader)).toContain(id);

    const list = await m.call(moderator, { url: "/hidden" });
    const listed = hiddenResponseSchema.parse(list.json()).items.map((item) => item.target);
    expect(listed).toContainEqual({ type: "review-reply", id: String(id) });

    const restored = await m.call(moderator, {
      method: "POST",
      url: `/items/review-reply/${id}/restore`,
      payload: { reason: "" },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await replyShown(subject, id, reader)).toMatchObject({ body: "You never paid me" });
  });

  it("are refused on one's own reply (403), a reply that is not there (404), signed out (401)", async () => {
    const author = await m.member();
    const subject = await m.member();
    const id = await repliedReview(author, subject);
    expect((await m.report(subject, { type: "review-reply", id })).statusCode).toBe(403);
    expect((await m.report(undefined, { type: "review-reply", id })).statusCode).toBe(401);
    const bare = await m.review(subject, author);
    expect((await m.report(author, { type: "review-reply", id: bare })).statusCode).toBe(404);
    // The review's author may report the reply to their review.
    expect((await m.report(author, { type: "review-reply", id })).statusCode).toBe(201);
  });

  it("close when the reply or its review is deleted, so the queue does not wait for nothing", async () => {
    const { moderator, author, reader, id } = await repliedScene();
    expect((await m.report(reader, { type: "review-reply", id })).statusCode).toBe(201);
    expect((await m.report(reader, { type: "review", id })).statusCode).toBe(201);
    expect(await queueEntry(moderator, id)).toBeDefined();

    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/reviews/${id}`,
      headers: as(author),
    });
    expect(gone.statusCode).toBe(204);
    const closed = await openReports(id);
    expect(closed).toHaveLength(2);
    expect(closed).toEqual(
      expect.arrayContaining([
        { type: "review-reply", status: "dismissed" },
        { type: "review", status: "dismissed" },
      ]),
    );
  });

  it("are part of hiding everything a suspended member wrote", async () => {
    const { moderator, subject, id } = await repliedScene();
    const res = await m.call(moderator, {
      method: "POST",
      url: `/members/${subject.username}/suspend`,
      payload: { duration: "day", hide_content: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Their profile is hidden with it; moderators still read the reply, marked hidden.
    expect(await replyShown(subject, id, moderator)).toMatchObject({ hidden: true });
  });
});
