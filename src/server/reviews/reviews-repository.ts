import { and, eq, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import { isBlocked } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";
import { translateViolations, type WriteResult } from "../db/sql-errors.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviews } from "../db/tables/reviews.ts";
import { bothHaveWritten } from "../direct-messages/index.ts";
import { announce } from "../events/index.ts";
import { maySeeProfile, readerKind, type SqlReader } from "../visibility/index.ts";
import { countedReviewsSql } from "./counted-reviews-sql.ts";
import type { ReviewPosition } from "./review-cursor.ts";
import { reviewByIdQuery, reviewsPageQuery } from "./reviews-page-query.ts";

/** The reviewed member's reply to a review, as plain data. */
export type ReplyRecord = {
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  /** Hidden by moderators: only its author (the review's subject) and moderators are given it. */
  hidden: boolean;
};

/** A review with its author's and subject's usernames, as plain data. */
export type ReviewRecord = {
  id: number;
  authorUsername: string;
  /** The author profile's image, as profiles answer `img_url`. */
  authorImgUrl: string | null;
  subjectUsername: string;
  title: string;
  body: string;
  rating: number;
  createdAt: Date;
  editedAt: Date | null;
  /** Hidden by moderators: only its author and moderators are ever given it. */
  hidden: boolean;
  /** Null when there is none or `reader` may not see it. */
  reply: ReplyRecord | null;
  /** Its author and subject had both written in a conversation before it (issue 32). */
  contactBacked: boolean;
  /** Held until then (a new account's, issue 32): only its author is ever given it before. */
  visibleFrom: Date | null;
};

/** How many reviews count, the sum of their ratings, and how many of them are contact-backed. */
export type ReviewStats = { count: number; sum: number; contactBacked: number };

/**
 * Who reads a list of reviews: their account, their profile (null before creating one) and whether
 * they moderate. Null when signed out.
 */
export type ReviewReader = { userId: string; profileId: string | null; moderator: boolean } | null;

type Nullable<T> = { [K in keyof T]: T[K] | null };
type ReviewColumns = Nullable<{
  id: number;
  authorUsername: string;
  authorImgUrl: string;
  title: string;
  body: string;
  rating: number;
  createdAt: Date;
  editedAt: Date;
  hiddenAt: Date;
  contactBacked: boolean;
  visibleFrom: Date;
}>;
type ReplyColumns = Nullable<{ body: string; createdAt: Date; editedAt: Date; hiddenAt: Date }>;

/**
 * A joined row as a record; null for a left join's missing review (every review column is NOT NULL
 * in the table, and a review's author is a foreign key, so a real one has them all).
 */
function reviewRecord(
  subjectUsername: string,
  review: ReviewColumns,
  reply: ReplyColumns | null,
): ReviewRecord | null {
  const { id, authorUsername, authorImgUrl, title, body, rating, createdAt } = review;
  if (id === null || authorUsername === null || title === null || body === null) return null;
  if (rating === null || createdAt === null) return null;
  return {
    id,
    authorUsername,
    authorImgUrl,
    subjectUsername,
    title,
    body,
    rating,
    createdAt,
    editedAt: review.editedAt,
    hidden: review.hiddenAt !== null,
    reply: replyRecord(reply),
    contactBacked: review.contactBacked === true,
    visibleFrom: review.visibleFrom,
  };
}

function replyRecord(columns: ReplyColumns | null): ReplyRecord | null {
  if (!columns || columns.body === null || columns.createdAt === null) return null;
  const { body, createdAt, editedAt, hiddenAt } = columns;
  return { body, createdAt, editedAt, hidden: hiddenAt !== null };
}

/** A page of reviews, and where the next page starts (null: this was the last). */
export type ReviewsPage = { records: ReviewRecord[]; next: ReviewPosition | null };

/**
 * A page of the reviews about the profile named `username` that `reader` may see as of `now` (the
 * app's clock: held reviews), contact-backed first, then newest first, strictly after `after` when
 * given, only `by`'s when given, in one prepared query: null when there is no such profile (or it
 * is hidden and the reader is neither its owner nor a moderator).
 */
export async function listReviewsAbout(
  db: Db,
  username: string,
  reader: ReviewReader,
  {
    limit,
    after = null,
    by,
    now,
  }: { limit: number; after?: ReviewPosition | null; by?: string | undefined; now: Date },
): Promise<ReviewsPage | null> {
  const query = reviewsPageQuery(db, readerKind(reader), after !== null, by !== undefined);
  // One more than asked tells whether there is a next page.
  const rows = await query.execute({
    username: storedUsername(username),
    limit: limit + 1,
    readerUserId: reader?.userId ?? null,
    readerProfileId: reader?.profileId ?? null,
    afterBacked: after?.contactBacked ?? null,
    afterTime: after?.createdAt ?? null,
    afterId: after?.id ?? null,
    byUsername: by === undefined ? null : storedUsername(by),
    now: now.toISOString(),
  });
  const subject = rows[0]?.subject;
  if (!subject) return null;
  if (!maySeeProfile(reader, subject)) return null;
  const page = rows.slice(0, limit);
  const last = page.at(-1)?.review;
  const next =
    rows.length > limit && last?.position && last.id !== null
      ? { contactBacked: last.contactBacked === true, createdAt: last.position, id: last.id }
      : null;
  // The subject's one row with no review gives no record.
  const records = page.flatMap(
    ({ review, reply }) => reviewRecord(subject.username, review, reply) ?? [],
  );
  return { records, next };
}

/**
 * The review `id` with its author and its reply as `reader` may see the reply, in one query, or null
 * when there is no such review. For answering a write: the caller checked who may see the review.
 */
export async function findReview(
  db: Db,
  id: number,
  reader: ReviewReader,
): Promise<ReviewRecord | null> {
  const readerSql: SqlReader = reader
    ? { kind: readerKind(reader), userId: sql`${reader.userId}` }
    : { kind: "anonymous" };
  const [row] = await reviewByIdQuery(db, readerSql, id);
  return row ? reviewRecord(row.subject.username, row.review, row.reply) : null;
}

export type NewReview = {
  /** The author's profile (`id`) and account (`userId`). */
  author: { id: string; userId: string; username: string; imgUrl: string | null };
  /** Until when the author's account is new (held review, issue 32); null: it is not. */
  heldUntil: Date | null;
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
 * there is no such profile (or moderators hid it), the author has reviewed it already, or it is the
 * author's own. When the subject blocked the author it is stored `withheld` (issue 28, item 9): the
 * author is answered and shown it as any review, nobody else ever sees or counts it, so nothing
 * tells the author about the block (a blocked member's direct messages work the same way).
 * It is contact-backed when author and subject have both written in their direct conversation
 * (decided here, never by the client), and held until `heldUntil` when given: shown to its author
 * only, counted nowhere, and the subject not notified (decision 028).
 * Run it inside the caller's transaction: the lookups and the insert go together.
 */
export async function insertReview(
  db: Db,
  review: NewReview,
): Promise<WriteResult<ReviewRecord, ReviewRefusal>> {
  const subjectUsername = storedUsername(review.subjectUsername);
  const [subject] = await db
    .select({ id: profiles.id, userId: profiles.userId, hiddenAt: profiles.hiddenAt })
    .from(profiles)
    .where(eq(profiles.username, subjectUsername))
    .limit(1);
  if (!subject || subject.hiddenAt !== null) return { ok: false, reason: "no-subject" };
  const withheld = await isBlocked(db, subject.userId, review.author.userId);
  const contactBacked = await bothHaveWritten(db, review.author.userId, subject.userId);
  const visibleFrom = review.heldUntil;
  return translateViolations(REVIEW_CONSTRAINTS, async () => {
    const [row] = await db
      .insert(reviews)
      .values({
        authorId: review.author.id,
        subjectId: subject.id,
        title: review.title,
        body: review.body,
        rating: review.rating,
        withheld,
        contactBacked,
        visibleFrom,
      })
      .returning();
    if (!row) throw new Error("insert into reviews returned no row");
    await announce(db, {
      type: "review.created",
      reviewId: Number(row.id),
      authorUserId: review.author.userId,
      subjectUserId: subject.userId,
      withheld,
      held: visibleFrom !== null,
    });
    return {
      id: row.id,
      authorUsername: review.author.username,
      authorImgUrl: review.author.imgUrl,
      subjectUsername,
      title: row.title,
      body: row.body,
      rating: row.rating,
      createdAt: row.createdAt,
      editedAt: null,
      hidden: false,
      reply: null,
      contactBacked: row.contactBacked,
      visibleFrom: row.visibleFrom,
    };
  });
}

/** The columns of ReviewStats, over the reviews a query selects. */
export const reviewStatsColumns = {
  count: sql<number>`count(*)::int`,
  sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
  contactBacked: sql<number>`(count(*) filter (where ${reviews.contactBacked}))::int`,
};

/**
 * How many reviews a profile has as of `now`, the sum of their ratings and how many are
 * contact-backed. Hidden, withheld and held reviews never count, for anyone; reviews by members
 * the reader blocked do (an average is about the subject).
 */
export async function reviewStatsAbout(db: Db, subjectId: string, now: Date): Promise<ReviewStats> {
  const [row] = await db
    .select(reviewStatsColumns)
    .from(reviews)
    .where(
      and(
        eq(reviews.subjectId, subjectId),
        countedReviewsSql(sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return {
    count: Number(row?.count ?? 0),
    sum: Number(row?.sum ?? 0),
    contactBacked: Number(row?.contactBacked ?? 0),
  };
}
