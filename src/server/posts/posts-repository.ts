import { and, desc, eq, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { PLAN_EACH_TIME } from "../db/pglite-prepared.ts";
import { posts, profiles } from "../db/schema.ts";
import { announcePostChange } from "./post-cache.ts";

/** A post with its author's username; createdAt is ISO 8601 UTC with microseconds. */
export type PostRow = {
  id: number;
  title: string;
  topic: string;
  body: string;
  username: string;
  createdAt: string;
};

/**
 * A post by id, for its page: also its author's account and whether moderators hid it, so the route
 * decides who may read it (never sent as is: the presenter picks the wire fields).
 */
export type PostWithAuthor = PostRow & { authorUserId: string; hidden: boolean };

/** Where a post sits in the newest-first order. */
export type PostPosition = { createdAt: string; id: number };

// Formatted by the database, not through a JS Date: a Date keeps milliseconds, the column keeps
// microseconds, and a truncated cursor would skip posts.
const createdAtIso = sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const postColumns = {
  id: posts.id,
  title: posts.title,
  topic: posts.topic,
  body: posts.body,
  username: profiles.username,
  createdAt: createdAtIso,
};

/**
 * The feed leaves hidden posts out for everyone (it is shared and cached), and the posts of
 * `excludedAuthors` (accounts a viewer blocked).
 */
function feedQuery(
  db: Db,
  topic: string | undefined,
  afterPosition: boolean,
  excludedAuthors: readonly string[] = [],
) {
  const conditions: SQL[] = [isNull(posts.hiddenAt)];
  if (excludedAuthors.length > 0) {
    conditions.push(notInArray(profiles.userId, [...excludedAuthors]));
  }
  if (topic) {
    conditions.push(sql`lower(${posts.topic}) = lower(${topic}) ${sql.raw(PLAN_EACH_TIME)}`);
  }
  if (afterPosition) {
    conditions.push(
      sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder("afterTime")}::timestamptz, ${sql.placeholder("afterId")}::bigint)`,
    );
  }
  return db
    .select(postColumns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder("limit"));
}

function byIdQuery(db: Db) {
  return db
    .select({
      ...postColumns,
      authorUserId: profiles.userId,
      hidden: sql<boolean>`${posts.hiddenAt} is not null`,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(eq(posts.id, sql.placeholder("id")))
    .limit(1);
}

type Prepared = {
  first: ReturnType<ReturnType<typeof feedQuery>["prepare"]>;
  after: ReturnType<ReturnType<typeof feedQuery>["prepare"]>;
  byId: ReturnType<ReturnType<typeof byIdQuery>["prepare"]>;
};

/**
 * The reads behind most requests, built and prepared once per database: building and planning the
 * same SQL again was a third of a feed request on PostgreSQL. Topic reads stay unprepared, so each
 * is planned for its topic: a generic plan walks the whole time index for a rare topic.
 */
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(db: Db): Prepared {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = {
      first: feedQuery(db, undefined, false).prepare("articles_feed_first"),
      after: feedQuery(db, undefined, true).prepare("articles_feed_after"),
      byId: byIdQuery(db).prepare("articles_by_id"),
    };
    preparedByDb.set(db, queries);
  }
  return queries;
}

/**
 * Newest first, strictly after `after` when given, without hidden posts nor those of
 * `excludedAuthors` (users.id). Walks the (created_at, id) index — or (lower(topic), created_at, id)
 * for a rare topic — backwards, so a deep page costs what the first one does.
 */
export async function listPosts(
  db: Db,
  options: {
    limit: number;
    topic?: string | undefined;
    after?: PostPosition | null;
    excludedAuthors?: readonly string[];
  },
): Promise<PostRow[]> {
  const { topic, after, excludedAuthors = [] } = options;
  const params = {
    limit: options.limit,
    afterTime: after?.createdAt ?? null,
    afterId: after?.id ?? null,
  };
  // A reader's blocks make a feed of their own: built for them, not prepared.
  if (topic || excludedAuthors.length > 0) {
    return feedQuery(db, topic, Boolean(after), excludedAuthors).execute(params);
  }
  const queries = prepared(db);
  return (after ? queries.after : queries.first).execute(params);
}

/** The post `id`, hidden or not: the caller decides who may read it. */
export async function findPostById(db: Db, id: number): Promise<PostWithAuthor | null> {
  return (await prepared(db).byId.execute({ id }))[0] ?? null;
}

export type NewPost = { title: string; topic: string; body: string };

/**
 * Stores a post by `author` (always the session's profile) and returns it as listed. Every instance
 * hears of it when `db`, the caller's transaction, commits; the caller then forgets the feed in this
 * process at once (post-cache.ts).
 */
export async function insertPost(
  db: Db,
  author: { id: string; username: string },
  post: NewPost,
): Promise<PostRow> {
  const [row] = await db
    .insert(posts)
    .values({ authorId: author.id, title: post.title, topic: post.topic, body: post.body })
    .returning({
      id: posts.id,
      title: posts.title,
      topic: posts.topic,
      body: posts.body,
      createdAt: createdAtIso,
    });
  if (!row) throw new Error("insert into articles returned no row");
  await announcePostChange(db, "feed");
  return { ...row, username: author.username };
}
