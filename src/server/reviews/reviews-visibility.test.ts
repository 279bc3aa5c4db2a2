import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createModerator, moderationTestApp } from "../../../test/harness/moderators.ts";
import { as, nameOf, reviewCalls } from "../../../test/harness/review-calls.ts";
import { profiles, reviews, writeEvents } from "../db/schema.ts";
import { reviewStatsAbout } from "./reviews-repository.ts";

/** Issue 16: hidden reviews and blocked authors in every list, count and average of reviews. */

// Reviews by this file's minutes-old members show at once (held reviews: held-reviews.test.ts).
const t = moderationTestApp({ newAccountHours: 0 });
let moderator: TestUser;
beforeAll(async () => {
  moderator = await createModerator(t.app);
});

const { postReview, review, listed } = reviewCalls(t);

async function profileStats(about: TestUser, reader?: TestUser) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/users/username/${nameOf(about)}`,
    headers: as(reader),
  });
  const { review_count, average_rating } = res.json().user;
  return { review_count, average_rating };
}

/** What the moderation slice does to a review. */
const hideReview = (id: number) =>
  t.database.db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, id));

const block = async (blocker: TestUser, blocked: TestUser) => {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/blocks/${nameOf(blocked)}`,
    headers: as(blocker),
  });
  expect(res.statusCode).toBe(200);
};

describe("a hidden review", () => {
  it("is listed only to its author and moderators, marked hidden", async () => {
    const subject = await createSignedInUser(t.app);
    const [shown, hidden] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    const kept = await review(shown, subject, 5);
    const gone = await review(hidden, subject, 1);
    await hideReview(gone.id);

    for (const reader of [undefined, subject, shown]) {
      expect((await listed(subject, reader)).map((r) => r.id)).toEqual([kept.id]);
    }
    for (const reader of [hidden, moderator]) {
      const seen = await listed(subject, reader);
      expect(seen.map((r) => r.id)).toEqual([gone.id, kept.id]);
      expect(seen[0]).toEqual({ ...gone, hidden: true });
      expect(seen[1]).not.toHaveProperty("hidden");
    }
  });

  it("never counts in the review count and average, for anyone", async () => {
    const subject = await createSignedInUser(t.app);
    const authors = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    await review(authors[0] as TestUser, subject, 4);
    const hidden = await review(authors[1] as TestUser, subject, 1);
    expect(await profileStats(subject)).toEqual({ review_count: 2, average_rating: 2.5 });
    await hideReview(hidden.id);
    for (const reader of [undefined, subject, authors[1], moderator]) {
      expect(await profileStats(subject, reader)).toEqual({ review_count: 1, average_rating: 4 });
    }
    expect(await reviewStatsAbout(t.database.db, subject.profile?.id ?? "", new Date())).toEqual({
      count: 1,
      sum: 4,
      contactBacked: 0,
    });
  });
});

describe("reviews by a member the reader blocked", () => {
  it("are absent from the blocker's lists only, and still counted in the average", async () => {
    const blocker = await createSignedInUser(t.app);
    const subject = await createSignedInUser(t.app);
    const [pest, friend] = [await createSignedInUser(t.app), await createSignedInUser(t.app)];
    const byPest = await review(pest, subject, 1);
    const byFriend = await review(friend, subject, 5);
    await block(blocker, pest);

    expect((await listed(subject, blocker)).map((r) => r.id)).toEqual([byFriend.id]);
    for (const reader of [undefined, subject, pest, friend]) {
      expect((await listed(subject, reader)).map((r) => r.id)).toEqual([byFriend.id, byPest.id]);
    }
    // An average is about the subject, not the reader.
    expect(await profileStats(subject, blocker)).toEqual({ review_count: 2, average_rating: 3 });
  });

  it("are absent from the blocker's own profile page list too", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const byPest = await review(pest, blocker, 1);
    expect((await listed(blocker, blocker)).map((r) => r.id)).toEqual([byPest.id]);
    await block(blocker, pest);
    expect(await listed(blocker, blocker)).toEqual([]);
    expect((await listed(blocker)).map((r) => r.id)).toEqual([byPest.id]);
  });
});

describe("POST /api/reviews by a member the subject blocked", () => {
  it("is answered as any review (201) and shown to its author alone: nothing reveals the block (issue 28, item 9)", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    const friend = await createSignedInUser(t.app);
    await block(blocker, pest);
    const written = await review(pest, blocker, 1);
    expect(written.rating).toBe(1);
    expect(written).not.toHaveProperty("hidden");
    // Its author reads it like any review of theirs; nobody else ever does, moderators included.
    expect(await listed(blocker, pest)).toEqual([written]);
    for (const reader of [undefined, blocker, friend, moderator]) {
      expect(await listed(blocker, reader)).toEqual([]);
      expect(await profileStats(blocker, reader)).toEqual({
        review_count: 0,
        average_rating: null,
      });
    }
    expect(await reviewStatsAbout(t.database.db, blocker.profile?.id ?? "", new Date())).toEqual({
      count: 0,
      sum: 0,
      contactBacked: 0,
    });
    // Counted against the author's review limit like any review, and one per pair as any.
    expect(await t.database.db.$count(writeEvents, eq(writeEvents.userId, pest.userId))).toBe(1);
    expect((await postReview(pest, blocker, 2)).statusCode).toBe(409);
  });

  it("still lets the blocker review the blocked member (a block is one way)", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    await block(blocker, pest);
    expect((await postReview(blocker, pest, 2)).statusCode).toBe(201);
  });

  it("works again once the block is lifted", async () => {
    const blocker = await createSignedInUser(t.app);
    const pest = await createSignedInUser(t.app);
    await block(blocker, pest);
    await t.app.inject({
      method: "DELETE",
      url: `/api/blocks/${nameOf(pest)}`,
      headers: as(blocker),
    });
    expect((await postReview(pest, blocker, 4)).statusCode).toBe(201);
  });
});

describe("reviews about a hidden profile", () => {
  it("are not there (404) for others; the owner and moderators still list them", async () => {
    const subject = await createSignedInUser(t.app);
    const author = await createSignedInUser(t.app);
    const written = await review(author, subject, 5);
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.userId, subject.userId));
    for (const reader of [undefined, author]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/reviews?created_about=${nameOf(subject)}`,
        headers: as(reader),
      });
      expect(res.statusCode).toBe(404);
    }
    for (const reader of [subject, moderator]) {
      expect((await listed(subject, reader)).map((r) => r.id)).toEqual([written.id]);
    }
    // Nobody can add one meanwhile: the profile is not there for them.
    const other = await createSignedInUser(t.app);
    expect((await postReview(other, subject, 3)).statusCode).toBe(404);
  });
});
