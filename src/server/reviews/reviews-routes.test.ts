import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { writeEvents } from "../db/schema.ts";
import { sqlStateOf } from "../db/sql-errors.ts";
import { insertReview } from "./reviews-repository.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const postReview = (payload: unknown, author?: TestUser) =>
  t.app.inject({
    method: "POST",
    url: "/api/reviews",
    payload: payload as object,
    headers: author ? { cookie: author.cookie } : {},
  });

const listReviews = (about: string) =>
  t.app.inject({ method: "GET", url: `/api/reviews?created_about=${encodeURIComponent(about)}` });

const reviewOf = (about: string, extra: Record<string, unknown> = {}) => ({
  created_about: about,
  title: "Great plumber",
  body: "Fixed the sink in ten minutes.",
  ...extra,
});

/** Two fresh users: an author and a subject. */
async function pair() {
  const author = await createSignedInUser(t.app);
  const subject = await createSignedInUser(t.app);
  return { author, subject: subject.profile?.username ?? "" };
}

describe("POST /api/reviews", () => {
  it("stores the review with the session's profile as author and answers 201 { review }", async () => {
    const { author, subject } = await pair();
    const res = await postReview(reviewOf(subject, { rating: 4 }), author);
    expect(res.statusCode).toBe(201);
    const { review } = res.json();
    expect(Object.keys(res.json())).toEqual(["review"]);
    expect(Object.keys(review).sort()).toEqual(
      [
        "author_img_url",
        "body",
        "contact_backed",
        "created_about",
        "created_at",
        "id",
        "rating",
        "reply",
        "title",
        "username",
      ].sort(),
    );
    expect(review).toMatchObject({
      username: author.profile?.username,
      created_about: subject,
      title: "Great plumber",
      body: "Fixed the sink in ten minutes.",
      rating: 4,
    });
    expect(typeof review.id).toBe("number");
    expect(new Date(review.created_at).toString()).not.toBe("Invalid Date");
  });

  it("ignores a username in the payload: the author comes from the session", async () => {
    const { author, subject } = await pair();
    const someoneElse = await createSignedInUser(t.app);
    const res = await postReview(
      reviewOf(subject, { username: someoneElse.profile?.username }),
      author,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().review.username).toBe(author.profile?.username);
    const listed = (await listReviews(subject)).json().reviews;
    expect(listed.map((r: { username: string }) => r.username)).toEqual([author.profile?.username]);
  });

  it("defaults the rating to 5 when it is absent", async () => {
    const { author, subject } = await pair();
    const res = await postReview(reviewOf(subject), author);
    expect(res.statusCode).toBe(201);
    expect(res.json().review.rating).toBe(5);
  });

  it("accepts the bounds 1 and 5", async () => {
    for (const rating of [1, 5]) {
      const { author, subject } = await pair();
      const res = await postReview(reviewOf(subject, { rating }), author);
      expect(res.statusCode).toBe(201);
      expect(res.json().review.rating).toBe(rating);
    }
  });

  it.each([
    ["0", 0],
    ["6", 6],
    ["2.5", 2.5],
    ['the string "5"', "5"],
    ["null", null],
  ])("refuses the rating %s with 400 and stores nothing", async (_name, rating) => {
    const { author, subject } = await pair();
    const res = await postReview(reviewOf(subject, { rating }), author);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
    expect(res.json().error.fields.rating).toBe("Rating must be a whole number from 1 to 5");
    expect((await listReviews(subject)).json().reviews).toEqual([]);
  });

  it("answers 401 when signed out", async () => {
    const { subject } = await pair();
    const res = await postReview(reviewOf(subject));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
  });

  it("answers 403 before the author has created a profile", async () => {
    const { subject } = await pair();
    const noProfile = await createSignedInUser(t.app, { withProfile: false });
    const res = await postReview(reviewOf(subject), noProfile);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("profile-required");
  });

  it("answers 404 for an unknown subject", async () => {
    const { author } = await pair();
    const res = await postReview(reviewOf("nobody_at_all"), author);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: "not-found",
      message: 'There is no user named "nobody_at_all".',
    });
  });

  it("refuses a review of oneself with 403, in any letter case", async () => {
    const me = await createSignedInUser(t.app, { username: "narcissus" });
    for (const about of ["narcissus", "NARCISSUS"]) {
      const res = await postReview(reviewOf(about), me);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: "self-review",
        message: "You cannot review yourself.",
      });
    }
    expect((await listReviews("narcissus")).json().reviews).toEqual([]);
  });

  it("refuses a self-review before the review limit: never counted, and still 403 self-review at the limit", async () => {
    const me = await createSignedInUser(t.app);
    const counted = () => t.database.db.$count(writeEvents, eq(writeEvents.userId, me.userId));
    const selfReview = async () => {
      const res = await postReview(reviewOf(me.username.toUpperCase()), me);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("self-review");
    };
    // A new account may write three reviews an hour (limits/write-limit-rules.ts).
    const { newAccountMax } = t.app.config.writeLimits.review;
    for (let i = 1; i < newAccountMax; i++) {
      expect((await postReview(reviewOf((await pair()).subject), me)).statusCode).toBe(201);
    }
    await selfReview();
    expect(await counted()).toBe(newAccountMax - 1);
    expect((await postReview(reviewOf((await pair()).subject), me)).statusCode).toBe(201);
    // At the limit, the answer is still the self-review's: the check comes before the count.
    await selfReview();
    expect(await counted()).toBe(newAccountMax);
  });

  it("refuses a second review of the same person with 409 already-reviewed", async () => {
    const { author, subject } = await pair();
    expect((await postReview(reviewOf(subject), author)).statusCode).toBe(201);
    const res = await postReview(reviewOf(subject.toUpperCase(), { title: "Again" }), author);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "already-reviewed",
      message: `You have already reviewed ${subject}.`,
    });
    expect((await listReviews(subject)).json().reviews).toHaveLength(1);
  });

  it("stores one of two simultaneous reviews by the same author and answers 409 to the other", async () => {
    const { author, subject } = await pair();
    const answers = await Promise.all([
      postReview(reviewOf(subject, { title: "One" }), author),
      postReview(reviewOf(subject, { title: "Two" }), author),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await listReviews(subject)).json().reviews).toHaveLength(1);
  });

  it("lets two different authors review the same person", async () => {
    const { author, subject } = await pair();
    const second = await createSignedInUser(t.app);
    expect((await postReview(reviewOf(subject), author)).statusCode).toBe(201);
    expect((await postReview(reviewOf(subject), second)).statusCode).toBe(201);
  });

  it("checks title and body lengths, trimming blanks", async () => {
    const { author, subject } = await pair();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: "t".repeat(121) }, "title"],
      [{ body: "" }, "body"],
      [{ body: "b".repeat(2001) }, "body"],
      [{ title: undefined }, "title"],
      [{ created_about: undefined }, "created_about"],
    ];
    for (const [extra, field] of cases) {
      const res = await postReview(reviewOf(subject, extra), author);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(extra)).toBeDefined();
    }
    const longest = await postReview(
      reviewOf(subject, { title: `  ${"t".repeat(120)}  `, body: "b".repeat(2000) }),
      author,
    );
    expect(longest.statusCode).toBe(201);
    expect(longest.json().review.title).toBe("t".repeat(120));
  });

  it("is backed by the database: no self-review, one review per pair, ratings within 1–5", async () => {
    const me = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const author = {
      id: me.profile?.id ?? "",
      userId: me.userId,
      username: me.profile?.username ?? "",
      imgUrl: null,
    };
    const db = t.database.db;
    const review = { author, title: "t", body: "b", rating: 5, heldUntil: null };
    expect(await insertReview(db, { ...review, subjectUsername: author.username })).toEqual({
      ok: false,
      reason: "self-review",
    });
    const subjectUsername = other.profile?.username ?? "";
    expect((await insertReview(db, { ...review, subjectUsername })).ok).toBe(true);
    expect(await insertReview(db, { ...review, subjectUsername })).toEqual({
      ok: false,
      reason: "already-reviewed",
    });
    expect(await insertReview(db, { ...review, subjectUsername: "no_such_user" })).toEqual({
      ok: false,
      reason: "no-subject",
    });
    const third = await createSignedInUser(t.app);
    const ratingError = await insertReview(db, {
      ...review,
      rating: 6,
      subjectUsername: third.profile?.username ?? "",
    }).catch((e: unknown) => e);
    expect(sqlStateOf(ratingError)).toBe("23514");
  });

  it("does not count a refused review against the write limit", async () => {
    const { author, subject } = await pair();
    expect((await postReview(reviewOf(subject), author)).statusCode).toBe(201);
    const counted = async () =>
      (await t.database.db.select().from(writeEvents).where(eq(writeEvents.userId, author.userId)))
        .length;
    const before = await counted();
    expect((await postReview(reviewOf(subject), author)).statusCode).toBe(409);
    expect((await postReview(reviewOf("nobody_at_all"), author)).statusCode).toBe(404);
    expect(await counted()).toBe(before);
  });
});

describe("GET /api/reviews?created_about=", () => {
  it("lists the reviews about someone, newest first, in the public shape", async () => {
    const subject = await createSignedInUser(t.app, { username: "popular" });
    const authors = [
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
    ];
    for (const [i, author] of authors.entries()) {
      const res = await postReview(
        reviewOf("popular", { title: `Review ${i}`, rating: i + 3 }),
        author,
      );
      expect(res.statusCode).toBe(201);
    }
    // A review about someone else stays out of the list.
    await postReview(reviewOf(authors[0]?.profile?.username ?? ""), subject);

    const res = await listReviews("Popular");
    expect(res.statusCode).toBe(200);
    const { reviews } = res.json();
    expect(reviews.map((r: { title: string }) => r.title)).toEqual([
      "Review 2",
      "Review 1",
      "Review 0",
    ]);
    expect(reviews[0]).toEqual({
      id: expect.any(Number),
      username: authors[2]?.profile?.username,
      created_about: "popular",
      title: "Review 2",
      body: "Fixed the sink in ten minutes.",
      rating: 5,
      created_at: expect.any(String),
      author_img_url: null,
      reply: null,
      contact_backed: false,
    });
  });

  it("answers an empty list for someone without reviews", async () => {
    const lonely = await createSignedInUser(t.app);
    const res = await listReviews(lonely.profile?.username ?? "");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviews: [], nextCursor: null });
  });

  it("answers 404 for an unknown user and 400 without created_about", async () => {
    expect((await listReviews("ghost_user")).statusCode).toBe(404);
    const missing = await t.app.inject({ method: "GET", url: "/api/reviews" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.created_about).toBeDefined();
  });
});
