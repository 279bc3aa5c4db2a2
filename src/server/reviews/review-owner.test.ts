import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import { as, nameOf, reviewCalls } from "../../../test/harness/review-calls.ts";
import type { Review } from "../../shared/reviews.ts";
import { profiles, reviewReplies, reviews } from "../db/schema.ts";
import { DEFAULT_WRITE_LIMITS } from "../limits/write-limit-rules.ts";

/** Issue 19: a review's author edits or deletes it; the member reviewed replies once. */

const EDITS_PER_NEW_ACCOUNT = 8;
const t = moderationTestApp({
  // Reviews by this file's minutes-old members show at once (held reviews: held-reviews.test.ts).
  newAccountHours: 0,
  writeLimits: {
    ...DEFAULT_WRITE_LIMITS,
    edit: { max: 60, newAccountMax: EDITS_PER_NEW_ACCOUNT, windowSeconds: 3600 },
  },
});
const db = () => t.database.db;

let moderator: TestUser;
beforeAll(async () => {
  moderator = await createModerator(t.app);
});

const { review, listed } = reviewCalls(t);

type Method = "PATCH" | "DELETE" | "PUT";
const call = (user: TestUser | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: as(user),
    ...(payload ? { payload } : {}),
  });
const editReview = (user: TestUser | undefined, id: number | string, payload: object) =>
  call(user, "PATCH", `/reviews/${id}`, payload);
const deleteReview = (user: TestUser | undefined, id: number | string) =>
  call(user, "DELETE", `/reviews/${id}`);
const putReply = (user: TestUser | undefined, id: number | string, body: unknown) =>
  call(user, "PUT", `/reviews/${id}/reply`, { body });
const deleteReply = (user: TestUser | undefined, id: number | string) =>
  call(user, "DELETE", `/reviews/${id}/reply`);

async function average(about: TestUser): Promise<{ count: number; average: number | null }> {
  const res = await t.app.inject({ method: "GET", url: `/api/users/username/${nameOf(about)}` });
  expect(res.statusCode, res.body).toBe(200);
  const { review_count, average_rating } = res.json().user;
  return { count: review_count, average: average_rating };
}

async function stored(id: number) {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id));
  return row;
}

async function storedReply(id: number) {
  const [row] = await db().select().from(reviewReplies).where(eq(reviewReplies.reviewId, id));
  return row;
}

/** An author, the member they reviewed, a third member, and the review. */
async function scene() {
  const author = await createSignedInUser(t.app);
  const subject = await createSignedInUser(t.app);
  const other = await createSignedInUser(t.app);
  const written = await review(author, subject, 4);
  return { author, subject, other, review: written };
}

const block = (blocker: TestUser, blocked: TestUser) =>
  t.app.inject({ method: "PUT", url: `/api/blocks/${nameOf(blocked)}`, headers: as(blocker) });

/** A member reports the item, and a moderator hides it (moderators act only on what is reported). */
async function hide(type: "review" | "review-reply", id: number) {
  const reported = await report(t.app, await createSignedInUser(t.app), { type, id });
  expect(reported.statusCode, reported.body).toBe(201);
  return moderationCall(t.app, moderator, {
    method: "POST",
    url: `/items/${type}/${id}/hide`,
    payload: { reason: "test" },
  });
}

describe("PATCH /api/reviews/:review_id", () => {
  it("lets the author change title, body and rating; marks it edited; the average follows at once", async () => {
    const { author, subject, review: written } = await scene();
    await review(await createSignedInUser(t.app), subject, 2);
    expect(await average(subject)).toEqual({ count: 2, average: 3 });

    const res = await editReview(author, written.id, { title: " Even better ", rating: 5 });
    expect(res.statusCode, res.body).toBe(200);
    const { review: edited } = res.json();
    expect(edited).toMatchObject({
      id: written.id,
      username: nameOf(author),
      created_about: nameOf(subject),
      title: "Even better",
      body: "Would hire again",
      rating: 5,
      created_at: written.created_at,
      reply: null,
    });
    expect(Date.parse(edited.edited_at)).toBeGreaterThanOrEqual(Date.parse(written.created_at));
    expect(await average(subject)).toEqual({ count: 2, average: 3.5 });

    const onlyBody = await editReview(author, written.id, { body: "Came back to fix more." });
    expect(onlyBody.statusCode, onlyBody.body).toBe(200);
    const mine = (await listed(subject)).find((r) => r.id === written.id);
    expect(mine).toMatchObject({
      title: "Even better",
      body: "Came back to fix more.",
      rating: 5,
      edited_at: expect.any(String),
    });
  });

  it("refuses bad input with a clear 400 and changes nothing", async () => {
    const { author, review: written } = await scene();
    const cases: [object, string][] = [
      [{}, "Change at least one of title, body or rating."],
      [{ title: "   " }, "Title is required"],
      [{ body: "" }, "Review is required"],
      [{ rating: 0 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: 2.5 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: 6 }, "Rating must be a whole number from 1 to 5"],
      [{ rating: "5" }, "Rating must be a whole number from 1 to 5"],
      [{ title: "t".repeat(121) }, "Title must be at most 120 characters"],
    ];
    for (const [payload, message] of cases) {
      const res = await editReview(author, written.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
      expect(res.body).toContain(message);
    }
    expect((await editReview(author, "abc", { title: "x" })).statusCode).toBe(400);
    expect((await editReview(author, 0, { title: "x" })).statusCode).toBe(400);
    const row = await stored(written.id);
    expect(row).toMatchObject({ title: "Good", rating: 4, editedAt: null });
  });

  it("never moves a review to someone else: created_about and username in the body are ignored", async () => {
    const { author, subject, other, review: written } = await scene();
    const res = await editReview(author, written.id, {
      title: "Same",
      created_about: nameOf(other),
      username: nameOf(other),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({
      username: nameOf(author),
      created_about: nameOf(subject),
    });
  });
});

describe("who may change a review", () => {
  it("refuses everyone but its author: the subject, another member, a moderator (403); signed out (401)", async () => {
    const { subject, other, review: written } = await scene();
    for (const stranger of [subject, other, moderator]) {
      for (const res of [
        await editReview(stranger, written.id, { title: "Mine now" }),
        await deleteReview(stranger, written.id),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toMatchObject({
          code: "forbidden",
          message: "You can only change your own reviews.",
        });
      }
    }
    for (const res of [
      await editReview(undefined, written.id, { title: "Mine now" }),
      await deleteReview(undefined, written.id),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const refused = await editReview(noProfile, written.id, { title: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("profile-required");
    expect(await stored(written.id)).toMatchObject({ title: "Good", editedAt: null });
  });

  it("answers 404 for a review that does not exist", async () => {
    const { author } = await scene();
    expect((await editReview(author, 999_999_999, { title: "x" })).statusCode).toBe(404);
    expect((await deleteReview(author, 999_999_999)).statusCode).toBe(404);
  });

  it("answers 404, not 403, on a hidden review to anyone but its author; the author still edits it", async () => {
    const { author, subject, other, review: written } = await scene();
    expect((await hide("review", written.id)).statusCode).toBe(200);
    for (const stranger of [subject, other]) {
      expect((await editReview(stranger, written.id, { title: "x" })).statusCode).toBe(404);
      expect((await deleteReview(stranger, written.id)).statusCode).toBe(404);
      expect((await putReply(stranger, written.id, "Not true")).statusCode).toBe(404);
    }
    const res = await editReview(author, written.id, { title: "Toned down" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ title: "Toned down", hidden: true });
  });

  it("answers 404 to a member who blocked the author, and to the subject who did", async () => {
    const { author, subject, other, review: written } = await scene();
    expect((await block(other, author)).statusCode).toBe(200);
    expect((await editReview(other, written.id, { title: "x" })).statusCode).toBe(404);
    expect((await block(subject, author)).statusCode).toBe(200);
    expect((await putReply(subject, written.id, "Thanks")).statusCode).toBe(404);
    // The author, blocked, still owns what they wrote.
    expect((await editReview(author, written.id, { title: "Still mine" })).statusCode).toBe(200);
  });
});

describe("DELETE /api/reviews/:review_id", () => {
  it("deletes the author's review with its reply; the average follows; they may review again", async () => {
    const { author, subject, review: written } = await scene();
    await review(await createSignedInUser(t.app), subject, 2);
    expect((await putReply(subject, written.id, "Thank you")).statusCode).toBe(201);
    expect(await average(subject)).toEqual({ count: 2, average: 3 });

    const res = await deleteReview(author, written.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expect(await stored(written.id)).toBeUndefined();
    expect(await storedReply(written.id)).toBeUndefined();
    expect((await listed(subject)).map((r) => r.id)).not.toContain(written.id);
    expect(await average(subject)).toEqual({ count: 1, average: 2 });

    expect((await deleteReview(author, written.id)).statusCode).toBe(404);
    expect((await editReview(author, written.id, { title: "x" })).statusCode).toBe(404);
    await review(author, subject, 5);
  });
});

describe("PUT /api/reviews/:review_id/reply", () => {
  it("lets the member reviewed reply once (201), rewrite it (200, edited), and shows it to everyone", async () => {
    const { author, subject, other, review: written } = await scene();
    const first = await putReply(subject, written.id, "  Thanks for the kind words.  ");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      reply: { body: "Thanks for the kind words.", created_at: expect.any(String) },
    });
    for (const reader of [undefined, author, subject, other]) {
      const [shown] = await listed(subject, reader);
      expect(shown?.reply).toEqual(first.json().reply);
    }

    const again = await putReply(subject, written.id, "Thanks again!");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().reply).toEqual({
      body: "Thanks again!",
      created_at: first.json().reply.created_at,
      edited_at: expect.any(String),
    });
    const [shown] = await listed(subject, other);
    expect(shown?.reply).toEqual(again.json().reply);
  });

  it("refuses anyone but the member reviewed: the author, another member, a moderator (403)", async () => {
    const { author, subject, other, review: written } = await scene();
    for (const stranger of [author, other, moderator]) {
      const res = await putReply(stranger, written.id, "Me too");
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "forbidden",
        message: "Only the member reviewed can reply.",
      });
    }
    expect((await putReply(undefined, written.id, "Me too")).statusCode).toBe(401);
    expect(await storedReply(written.id)).toBeUndefined();

    expect((await putReply(subject, written.id, "Mine")).statusCode).toBe(201);
    for (const stranger of [author, other, moderator]) {
      expect((await putReply(stranger, written.id, "Changed")).statusCode).toBe(403);
      expect((await deleteReply(stranger, written.id)).statusCode).toBe(403);
    }
    expect((await deleteReply(undefined, written.id)).statusCode).toBe(401);
    expect(await storedReply(written.id)).toMatchObject({ body: "Mine", editedAt: null });
  });

  it("refuses an empty or too long reply with a clear 400", async () => {
    const { subject, review: written } = await scene();
    for (const [body, message] of [
      ["   ", "Reply is required"],
      ["r".repeat(2001), "Reply must be at most 2000 characters"],
      [42, ""],
    ] as const) {
      const res = await putReply(subject, written.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await storedReply(written.id)).toBeUndefined();
    expect((await putReply(subject, 999_999_999, "Thanks")).statusCode).toBe(404);
  });
});

describe("a reply by a member the reader blocked (issue 28, item 9)", () => {
  it("never reaches the blocker, on any read; its author writes and edits it as any reply, others read it", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const friend = await createSignedInUser(t.app);
    const written = await review(blocker, pest, 2);
    expect((await block(blocker, pest)).statusCode).toBe(200);

    const replied = await putReply(pest, written.id, "That is not what happened.");
    expect(replied.statusCode, replied.body).toBe(201);
    const rewritten = await putReply(pest, written.id, "That is not what happened at all.");
    expect(rewritten.statusCode, rewritten.body).toBe(200);

    const replyOf = (reviews: Review[]) => reviews.find((r) => r.id === written.id)?.reply;
    for (const reader of [undefined, pest, friend, moderator]) {
      expect(replyOf(await listed(pest, reader))?.body).toBe("That is not what happened at all.");
    }
    // The blocker's own review is still theirs to read and edit, without the reply.
    expect(await listed(pest, blocker)).toEqual([{ ...written, reply: null }]);
    const edited = await editReview(blocker, written.id, { rating: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().review.reply).toBeNull();
  });
});

describe("DELETE /api/reviews/:review_id/reply", () => {
  it("lets the member reviewed delete their reply; the review stays", async () => {
    const { subject, other, review: written } = await scene();
    expect((await putReply(subject, written.id, "Thanks")).statusCode).toBe(201);
    const res = await deleteReply(subject, written.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await storedReply(written.id)).toBeUndefined();
    const [shown] = await listed(subject, other);
    expect(shown).toMatchObject({ id: written.id, reply: null });
    expect((await deleteReply(subject, written.id)).statusCode).toBe(404);
    // A new reply is new again.
    expect((await putReply(subject, written.id, "Thanks, really")).statusCode).toBe(201);
  });
});

describe("a reply moderators hid", () => {
  it("is shown only to its author (the member reviewed) and moderators, marked hidden", async () => {
    const { author, subject, other, review: written } = await scene();
    expect((await putReply(subject, written.id, "You liar")).statusCode).toBe(201);
    expect((await hide("review-reply", written.id)).statusCode).toBe(200);
    for (const reader of [undefined, author, other]) {
      const [shown] = await listed(subject, reader);
      expect(shown).toMatchObject({ id: written.id, reply: null });
    }
    for (const reader of [subject, moderator]) {
      const [shown] = await listed(subject, reader);
      expect(shown?.reply).toMatchObject({ body: "You liar", hidden: true });
    }
    // Rewriting it does not bring it back.
    const res = await putReply(subject, written.id, "Sorry");
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toMatchObject({ body: "Sorry", hidden: true });
    expect((await listed(subject, other))[0]?.reply).toBeNull();
  });
});

describe("the review list", () => {
  it("gives each review its author's image, in the one query", async () => {
    const { author, subject } = await scene();
    await db()
      .update(profiles)
      .set({ imgUrl: "/photos/abc/large.webp" })
      .where(eq(profiles.userId, author.userId));
    const [shown] = await listed(subject);
    expect(shown).toMatchObject({ author_img_url: "/photos/abc/large.webp", reply: null });
    expect(shown).not.toHaveProperty("edited_at");
  });
});

describe("limits", () => {
  it("counts edits, deletes and replies against one limit per account; a refused one changes nothing", async () => {
    const { author, subject, review: written } = await scene();
    for (let i = 0; i < EDITS_PER_NEW_ACCOUNT; i++) {
      const res = await editReview(author, written.id, { title: `Take ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await editReview(author, written.id, { title: "One more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain("edit");
    expect((await deleteReview(author, written.id)).statusCode).toBe(429);
    expect(await stored(written.id)).toMatchObject({ title: `Take ${EDITS_PER_NEW_ACCOUNT - 1}` });
    // Refusals are not counted, and the limit is the account's: the subject's replies still go.
    expect((await putReply(subject, written.id, "Thanks")).statusCode).toBe(201);
  });

  it("does not count what was refused", async () => {
    const { author, other, review: written } = await scene();
    for (let i = 0; i < EDITS_PER_NEW_ACCOUNT + 2; i++) {
      expect((await editReview(other, written.id, { title: "x" })).statusCode).toBe(403);
    }
    const mine = await review(other, author, 3);
    expect((await editReview(other, mine.id, { title: "Fine" })).statusCode).toBe(200);
  });
});
