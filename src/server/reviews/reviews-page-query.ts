import { and, desc, eq, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { blocks, profiles, reviewReplies, reviews } from "../db/schema.ts";

/** Who reads, as far as the shape of the query goes (the ids are placeholders). */
export type ReaderKind = "anonymous" | "member" | "moderator";

const authors = alias(profiles, "authors");
const subjects = alias(profiles, "subjects");
const byAuthors = alias(profiles, "by_authors");

const readerUserId = sql`${sql.placeholder("readerUserId")}::uuid`;
const readerProfileId = sql`${sql.placeholder("readerProfileId")}::uuid`;

/**
 * Which reviews the reader may see: hidden ones only when they wrote them or moderate, and none by
 * a member they blocked.
 */
function reviewVisibility(db: Db, reader: ReaderKind): SQL[] {
  if (reader === "anonymous") return [isNull(reviews.hiddenAt)];
  const blockedAuthor = db
    .select({ one: sql`1` })
    .from(blocks)
    .innerJoin(byAuthors, eq(byAuthors.userId, blocks.blockedId))
    .where(and(eq(blocks.blockerId, readerUserId), eq(byAuthors.id, reviews.authorId)));
  const conditions: SQL[] = [notExists(blockedAuthor)];
  if (reader === "member") {
    conditions.push(or(isNull(reviews.hiddenAt), eq(reviews.authorId, readerProfileId)) as SQL);
  }
  return conditions;
}

/** Which reply the reader may see: a hidden one only when it is theirs (the subject's) or they moderate. */
function replyVisibility(reader: ReaderKind): SQL | undefined {
  if (reader === "moderator") return undefined;
  if (reader === "anonymous") return isNull(reviewReplies.hiddenAt);
  return or(isNull(reviewReplies.hiddenAt), eq(subjects.userId, readerUserId));
}

/**
 * A page of the reviews about the profile named by placeholder `username` (stored form), newest
 * first, as a reader of `reader` kind may see them: one row per review with its author and reply,
 * or a single row without a review when the page is empty (so an existing subject is told from
 * a missing one). Placeholders: `username`, `limit`, `readerUserId` and `readerProfileId` (members,
 * moderators), `afterTime` and `afterId` (with `afterPosition`), `byUsername` (with `byAuthor`).
 */
export function reviewsPageQueryForText(
  db: Db,
  reader: ReaderKind,
  afterPosition: boolean,
  byAuthor = false,
) {
  const conditions = [eq(reviews.subjectId, subjects.id), ...reviewVisibility(db, reader)];
  if (afterPosition) {
    conditions.push(
      sql`(${reviews.createdAt}, ${reviews.id}) < (${sql.placeholder("afterTime")}::timestamptz, ${sql.placeholder("afterId")}::bigint)`,
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
    .select({
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
    })
    .from(subjects)
    .leftJoin(reviews, and(...conditions))
    .leftJoin(authors, eq(authors.id, reviews.authorId))
    .leftJoin(reviewReplies, and(eq(reviewReplies.reviewId, reviews.id), replyVisibility(reader)))
    .where(eq(subjects.username, sql.placeholder("username")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"));
}

type ReviewsPageQuery = ReturnType<ReturnType<typeof reviewsPageQueryForText>["prepare"]>;
const preparedByDb = new WeakMap<Db, Map<string, ReviewsPageQuery>>();

/** The query for this shape, prepared once per database (at most 12 shapes). */
export function reviewsPageQuery(
  db: Db,
  reader: ReaderKind,
  afterPosition: boolean,
  byAuthor: boolean,
): ReviewsPageQuery {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = new Map();
    preparedByDb.set(db, queries);
  }
  const key = `reviews_page_${reader}_${afterPosition ? "after" : "first"}${byAuthor ? "_by" : ""}`;
  let query = queries.get(key);
  if (!query) {
    query = reviewsPageQueryForText(db, reader, afterPosition, byAuthor).prepare(key);
    queries.set(key, query);
  }
  return query;
}
