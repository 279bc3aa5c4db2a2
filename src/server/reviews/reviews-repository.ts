import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { profiles, reviews } from "../db/schema.ts";

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

/** Reviews about one profile, newest first. */
export async function listReviewsAbout(
  db: Db,
  subject: { id: string; username: string },
): Promise<ReviewRecord[]> {
  const rows = await db
    .select({
      id: reviews.id,
      authorUsername: authors.username,
      title: reviews.title,
      body: reviews.body,
      rating: reviews.rating,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .where(eq(reviews.subjectId, subject.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({ ...row, subjectUsername: subject.username }));
}

export async function hasReviewed(db: Db, authorId: string, subjectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.authorId, authorId), eq(reviews.subjectId, subjectId)))
    .limit(1);
  return row !== undefined;
}

export type NewReview = {
  author: { id: string; username: string };
  subject: { id: string; username: string };
  title: string;
  body: string;
  rating: number;
};

export async function insertReview(db: Db, review: NewReview): Promise<ReviewRecord> {
  const [row] = await db
    .insert(reviews)
    .values({
      authorId: review.author.id,
      subjectId: review.subject.id,
      title: review.title,
      body: review.body,
      rating: review.rating,
    })
    .returning();
  if (!row) throw new Error("insert into reviews returned no row");
  return {
    id: row.id,
    authorUsername: review.author.username,
    subjectUsername: review.subject.username,
    title: row.title,
    body: row.body,
    rating: row.rating,
    createdAt: row.createdAt,
  };
}

/** How many reviews a profile has and the sum of their ratings. */
export async function reviewStatsAbout(db: Db, subjectId: string): Promise<ReviewStats> {
  const [row] = await db
    .select({ count: count(), sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(eq(reviews.subjectId, subjectId));
  return { count: row?.count ?? 0, sum: Number(row?.sum ?? 0) };
}
