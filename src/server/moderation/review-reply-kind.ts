import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { suspendedUntilText } from "../auth/index.ts";
import { profiles, reviewReplies, reviews, users } from "../db/schema.ts";
import {
  hiddenAtChange,
  type ItemFilter,
  type ItemKind,
  notYet,
  numericKeyOf,
} from "./item-kind.ts";

const subjects = alias(profiles, "subjects");

/**
 * The rows of review_replies a filter names. A reply is keyed by its review's id, and its author is
 * always the review's subject.
 */
function replyWhere(filter: ItemFilter): SQL {
  if (filter.by === "hidden") return isNotNull(reviewReplies.hiddenAt);
  if (filter.by === "author") {
    return inArray(
      reviewReplies.reviewId,
      sql`(select ${reviews.id} from ${reviews} join ${profiles} on ${profiles.id} = ${reviews.subjectId} where ${profiles.userId} = ${filter.userId})`,
    );
  }
  return inArray(reviewReplies.reviewId, filter.keys.map(Number));
}

/** The reviewed member's reply to a review (issue 19): moderated like reviews, by its review's id. */
export const reviewReplyKind: ItemKind = {
  keyOf: numericKeyOf,
  async load(db, filter, limit) {
    const rows = await db
      .select({
        id: reviewReplies.reviewId,
        authorUserId: subjects.userId,
        authorUsername: subjects.username,
        authorSuspendedUntil: suspendedUntilText,
        reviewTitle: reviews.title,
        text: reviewReplies.body,
        createdAt: reviewReplies.createdAt,
        hiddenAt: reviewReplies.hiddenAt,
      })
      .from(reviewReplies)
      .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
      .innerJoin(users, eq(users.id, subjects.userId))
      .where(replyWhere(filter))
      .orderBy(sql`${reviewReplies.hiddenAt} desc nulls last`, desc(reviewReplies.reviewId))
      .limit(limit);
    return rows.map(({ id, reviewTitle, ...row }) => ({
      ...row,
      type: "review-reply",
      key: String(id),
      wireId: String(id),
      title: `Reply to "${reviewTitle}"`,
      path: `/user/${row.authorUsername}`,
    }));
  },
  async setHidden(tx, filter, hidden) {
    const rows = await tx
      .update(reviewReplies)
      .set({ hiddenAt: hiddenAtChange(hidden) })
      .where(and(replyWhere(filter), notYet(reviewReplies.hiddenAt, hidden)))
      .returning({ id: reviewReplies.reviewId });
    return rows.map((row) => String(row.id));
  },
};
