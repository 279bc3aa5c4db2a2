import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviewReplies, reviews } from "../db/tables/reviews.ts";
import {
  type ReaderKind,
  readerPlaceholders,
  type SqlItem,
  type SqlReader,
  visibleToSql,
} from "../visibility/index.ts";
import { notHeldSql } from "./counted-reviews-sql.ts";

export type { ReaderKind };

const authors = alias(profiles, "authors");
const subjects = alias(profiles, "subjects");
const byAuthors = alias(profiles, "by_authors");

/** Reviews: by their author's profile, withheld when the subject had blocked the author. */
const reviewItem = {
  hiddenAt: reviews.hiddenAt,
  author: { profileId: reviews.authorId },
  withheld: reviews.withheld,
} satisfies SqlItem;

/** A reply is written by the review's subject (issue 28, item 9: a blocked subject's is left out). */
const replyItem = {
  hiddenAt: reviewReplies.hiddenAt,
  author: { userId: subjects.userId },
} satisfies SqlItem;

/** What every read of reviews answers: the subject, the review with its author, and the reply. */
const selection = {
  subject: {
    username: subjects.username,
    userId: subjects.userId,
    hidden: sql<boolean>`${subjects.hiddenAt} is not null`,
  },
  review: {
    id: reviews.id,
    authorUsername: authors.username,
    authorImgUrl: authors.imgUrl,
    title: reviews.title,
    body: reviews.body,
    rating: reviews.rating,
    createdAt: reviews.createdAt,
    editedAt: reviews.editedAt,
    hiddenAt: reviews.hiddenAt,
    contactBacked: reviews.contactBacked,
    visibleFrom: reviews.visibleFrom,
    // Formatted by the database: a JS Date keeps milliseconds and a cursor would skip reviews.
    position: sql<
      string | null
    >`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  },
  reply: {
    body: reviewReplies.body,
    createdAt: reviewReplies.createdAt,
    editedAt: reviewReplies.editedAt,
    hiddenAt: reviewReplies.hiddenAt,
  },
};

/**
 * A held review (issue 32) as of `now`: only its author sees it before its time; for everyone else
 * it is not there.
 */
function notHeldForSql(reader: SqlReader, now: SQL): SQL {
  const visible = notHeldSql(now);
  if (reader.kind === "anonymous" || !reader.profileId) return visible;
  return or(visible, eq(reviews.authorId, reader.profileId)) as SQL;
}

/**
 * A page of the reviews about the profile named by placeholder `username` (stored form),
 * contact-backed first, then newest first (issue 32), as a reader of `reader` kind may see them
 * as of placeholder `now`: one row per review with its author and reply, or a single row without a
 * review when the page is empty (so an existing subject is told from a missing one). Placeholders:
 * `username`, `limit`, `now`, `readerUserId` and `readerProfileId` (members, moderators),
 * `afterBacked`, `afterTime` and `afterId` (with `afterPosition`), `byUsername` (with `byAuthor`).
 */
export function reviewsPageQueryForText(
  db: Db,
  reader: ReaderKind,
  afterPosition: boolean,
  byAuthor = false,
) {
  const readerSql = readerPlaceholders(reader);
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const conditions = [
    eq(reviews.subjectId, subjects.id),
    visibleToSql(db, readerSql, reviewItem),
    notHeldForSql(readerSql, now),
  ];
  if (afterPosition) {
    conditions.push(
      sql`(${reviews.contactBacked}, ${reviews.createdAt}, ${reviews.id}) < (${sql.placeholder("afterBacked")}::boolean, ${sql.placeholder("afterTime")}::timestamptz, ${sql.placeholder("afterId")}::bigint)`,
    );
  }
  if (byAuthor) {
    const author = db
      .select({ id: byAuthors.id })
      .from(byAuthors)
      .where(eq(byAuthors.username, sql.placeholder("byUsername")));
    conditions.push(eq(reviews.authorId, author));
  }
  return db
    .select(selection)
    .from(subjects)
    .leftJoin(reviews, and(...conditions))
    .leftJoin(authors, eq(authors.id, reviews.authorId))
    .leftJoin(
      reviewReplies,
      and(eq(reviewReplies.reviewId, reviews.id), visibleToSql(db, readerSql, replyItem)),
    )
    .where(eq(subjects.username, sql.placeholder("username")))
    .orderBy(desc(reviews.contactBacked), desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"));
}

/** The query for this shape, prepared once per database (at most 12 shapes). */
export function reviewsPageQuery(
  db: Db,
  reader: ReaderKind,
  afterPosition: boolean,
  byAuthor: boolean,
) {
  const key = `reviews_page_${reader}_${afterPosition ? "after" : "first"}${byAuthor ? "_by" : ""}`;
  return preparedQuery(db, key, (name) =>
    reviewsPageQueryForText(db, reader, afterPosition, byAuthor).prepare(name),
  );
}

/**
 * The review `id` (placeholder-free: bound by the caller) with its author, and its reply as
 * `reader` may see it: the answer to a write, whose caller checked who may see the review.
 */
export function reviewByIdQuery(db: Db, reader: SqlReader, id: number) {
  return db
    .select(selection)
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .leftJoin(
      reviewReplies,
      and(eq(reviewReplies.reviewId, reviews.id), visibleToSql(db, reader, replyItem)),
    )
    .where(eq(reviews.id, id));
}
