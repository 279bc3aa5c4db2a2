import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviewReplies, reviews } from "../db/tables/reviews.ts";
import { announce } from "../events/index.ts";

const authors = alias(profiles, "authors");
const subjects = alias(profiles, "subjects");

/** A review as its writes are decided (issue 19): who wrote it, who it is about, whether hidden. */
export type ReviewAccess = {
  id: number;
  authorUsername: string;
  authorUserId: string;
  subjectUsername: string;
  subjectUserId: string;
  hidden: boolean;
  subjectHidden: boolean;
};

/**
 * The review `id` with its author and subject, its row locked until the caller's transaction ends
 * (an edit, a delete and the reply's writes on one review go one after the other); null when there
 * is none.
 */
export async function lockReview(tx: Db, id: number): Promise<ReviewAccess | null> {
  const [row] = await tx
    .select({
      id: reviews.id,
      authorUsername: authors.username,
      authorUserId: authors.userId,
      subjectUsername: subjects.username,
      subjectUserId: subjects.userId,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
      subjectHidden: sql<boolean>`${subjects.hiddenAt} is not null`,
    })
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .where(eq(reviews.id, id))
    .for("update", { of: reviews });
  return row ?? null;
}

export type ReviewChanges = {
  title?: string | undefined;
  body?: string | undefined;
  rating?: number | undefined;
};

/** Applies the author's changes to review `id` and marks it edited now. */
export async function updateReview(tx: Db, id: number, changes: ReviewChanges): Promise<void> {
  const { title, body, rating } = changes;
  await tx
    .update(reviews)
    .set({
      ...(title !== undefined && { title }),
      ...(body !== undefined && { body }),
      ...(rating !== undefined && { rating }),
      editedAt: sql`now()`,
    })
    .where(eq(reviews.id, id));
}

/** Deletes review `id`; its reply and the reports on it go with it (foreign keys, cascade). */
export async function deleteReview(tx: Db, id: number): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/**
 * Writes the reply to `review`, or rewrites it (then marked edited now; a reply moderators hid
 * stays hidden). `created`: there was none before (then announced: the review's author hears).
 */
export async function putReply(
  tx: Db,
  review: Pick<ReviewAccess, "id" | "authorUserId" | "subjectUserId">,
  body: string,
): Promise<{ created: boolean }> {
  const { id } = review;
  const [row] = await tx
    .insert(reviewReplies)
    .values({ reviewId: id, body })
    .onConflictDoUpdate({ target: reviewReplies.reviewId, set: { body, editedAt: sql`now()` } })
    .returning({ editedAt: reviewReplies.editedAt });
  if (!row) throw new Error("upsert into review_replies returned no row");
  const created = row.editedAt === null;
  if (created) {
    await announce(tx, {
      type: "review.replied",
      reviewId: id,
      replierUserId: review.subjectUserId,
      reviewAuthorUserId: review.authorUserId,
    });
  }
  return { created };
}

/** Deletes the reply to review `id`; whether there was one. */
export async function deleteReply(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(reviewReplies)
    .where(eq(reviewReplies.reviewId, id))
    .returning({ id: reviewReplies.reviewId });
  return rows.length > 0;
}
