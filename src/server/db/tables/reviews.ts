/** The tables reviews owns (issue 29): only reviews reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, editedAt, hiddenAt, hiddenIndex, identityId } from "./columns.ts";
import { profileRef } from "./references.ts";

export const reviews = pgTable(
  "reviews",
  {
    id: identityId(),
    authorId: profileRef("author_id"),
    subjectId: profileRef("subject_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: createdAt(),
    hiddenAt: hiddenAt(),
    editedAt: editedAt(),
    /**
     * Written by a member the subject blocked (issue 28, item 9): stored and shown to its author as
     * any review, to nobody else, and never counted (as a blocked member's direct messages).
     */
    withheld: boolean("withheld").notNull().default(false),
    /**
     * The author and the subject had both written in a direct conversation between them before the
     * review was stored (issue 32): decided by the server when the review is written, kept by edits.
     */
    contactBacked: boolean("contact_backed").notNull().default(false),
    /**
     * Written by a new account (issue 32): shown to its author only, and counted nowhere, until
     * this time, when the account stops being new (NEW_ACCOUNT_HOURS). Null: never held.
     */
    visibleFrom: timestamp("visible_from", { withTimezone: true }),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_no_self_review", sql`${t.authorId} <> ${t.subjectId}`),
    unique("reviews_one_per_author_subject").on(t.authorId, t.subjectId),
    // A profile's list: contact-backed reviews first, then newest first (issue 32).
    index("reviews_subject_order_idx").on(t.subjectId, t.contactBacked, t.createdAt, t.id),
    hiddenIndex("reviews_hidden_idx", t.hiddenAt),
  ],
);

/**
 * The reviewed member's one answer to a review (issue 19), keyed by the review: its author is always
 * the review's subject. Reported and hidden like a review.
 */
export const reviewReplies = pgTable("review_replies", {
  reviewId: bigint("review_id", { mode: "number" })
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: createdAt(),
  editedAt: editedAt(),
  hiddenAt: hiddenAt(),
});
