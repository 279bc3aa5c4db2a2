import { count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { storedUsername } from "../../shared/profiles.ts";
import type { Db } from "../db/database.ts";
import { profiles, reviews } from "../db/schema.ts";
import { translateViolations, type WriteResult } from "../db/sql-errors.ts";

/** A review with its author's and subject's usernames, as plain data. */
export type ReviewRecord = {
  id: number;
  authorUsername: string;
  subjectUsername: string;
  title: string;
  body: string;
  rating: number;
  createdAt: Date;
};

export type ReviewStats = { count: number; sum: number };

const authors = alias(profiles, "authors");
const subjects = alias(profiles, "subjects");

/**
 * Reviews about the profile named `username`, newest first, in one query: null when there is no
 * such profile, an empty list when nobody has reviewed it yet.
 */
export async function listReviewsAbout(db: Db, username: string): Promise<ReviewRecord[] | null> {
  const rows = await db
    .select({
      subjectUsername: subjects.username,
      review: {
        id: reviews.id,
        authorUsername: authors.username,
        title: reviews.title,
        body: reviews.body,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
      },
    })
    .from(subjects)
    .leftJoin(reviews, eq(reviews.subjectId, subjects.id))
    .leftJoin(authors, eq(authors.id, reviews.authorId))
    .where(eq(subjects.username, storedUsername(username)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  if (rows.length === 0) return null;
  return rows.flatMap(({ subjectUsername, review }) => {
    // The subject's one row with no review has every review column null (they are NOT NULL in
    // the table, and a review's author is a foreign key).
    const { id, authorUsername, title, body, rating, createdAt } = review;
    if (id === null || authorUsername === null || title === null || body === null) return [];
    if (rating === null || createdAt === null) return [];
    return [{ id, authorUsername, subjectUsername, title, body, rating, createdAt }];
  });
}

export type NewReview = {
  author: { id: string; username: string };
  /** The subject's username, in any letter case. */
  subjectUsername: string;
  title: string;
  body: string;
  rating: number;
};

export type ReviewRefusal = "no-subject" | "already-reviewed" | "self-review";

const REVIEW_CONSTRAINTS = {
  reviews_one_per_author_subject: "already-reviewed",
  reviews_no_self_review: "self-review",
  // The subject's profile was deleted between the lookup and the insert.
  reviews_subject_id_profiles_id_fk: "no-subject",
} as const;

/**
 * Stores a review of the profile named `subjectUsername` (in any letter case), or says why not:
 * there is no such profile, the author has reviewed it already, or it is the author's own.
 * Run it inside the caller's transaction: the lookup and the insert go together.
 */
export async function insertReview(
  db: Db,
  review: NewReview,
): Promise<WriteResult<ReviewRecord, ReviewRefusal>> {
  const subjectUsername = storedUsername(review.subjectUsername);
  const [subject] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, subjectUsername))
    .limit(1);
  if (!subject) return { ok: false, reason: "no-subject" };
  return translateViolations(REVIEW_CONSTRAINTS, async () => {
    const [row] = await db
      .insert(reviews)
      .values({
        authorId: review.author.id,
        subjectId: subject.id,
        title: review.title,
        body: review.body,
        rating: review.rating,
      })
      .returning();
    if (!row) throw new Error("insert into reviews returned no row");
    return {
      id: row.id,
      authorUsername: review.author.username,
      subjectUsername,
      title: row.title,
      body: row.body,
      rating: row.rating,
      createdAt: row.createdAt,
    };
  });
}

/** How many reviews a profile has and the sum of their ratings. */
export async function reviewStatsAbout(db: Db, subjectId: string): Promise<ReviewStats> {
  const [row] = await db
    .select({ count: count(), sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(eq(reviews.subjectId, subjectId));
  return { count: row?.count ?? 0, sum: Number(row?.sum ?? 0) };
}
