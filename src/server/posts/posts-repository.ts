import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { articles, profiles } from "../db/schema.ts";

/** A post with its author's username; createdAt is ISO 8601 UTC with microseconds. */
export type ArticleRow = {
  id: number;
  title: string;
  topic: string;
  body: string;
  username: string;
  createdAt: string;
};

/** Where a post sits in the newest-first order. */
export type ArticlePosition = { createdAt: string; id: number };

// Formatted by the database, not through a JS Date: a Date keeps milliseconds, the column keeps
// microseconds, and a truncated cursor would skip posts.
const createdAtIso = sql<string>`to_char(${articles.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const articleColumns = {
  id: articles.id,
  title: articles.title,
  topic: articles.topic,
  body: articles.body,
  username: profiles.username,
  createdAt: createdAtIso,
};

function feedQuery(db: Db, topic: string | undefined, afterPosition: boolean) {
  const conditions: SQL[] = [];
  if (topic) conditions.push(sql`lower(${articles.topic}) = lower(${topic})`);
  if (afterPosition) {
    conditions.push(
      sql`(${articles.createdAt}, ${articles.id}) < (${sql.placeholder("afterTime")}::timestamptz, ${sql.placeholder("afterId")}::bigint)`,
    );
  }
  return db
    .select(articleColumns)
    .from(articles)
    .innerJoin(profiles, eq(profiles.id, articles.authorId))
    .where(and(...conditions))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(sql.placeholder("limit"));
}

type Prepared = {
  first: ReturnType<ReturnType<typeof feedQuery>["prepare"]>;
  after: ReturnType<ReturnType<typeof feedQuery>["prepare"]>;
  byId: ReturnType<ReturnType<typeof feedQuery>["prepare"]>;
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
      byId: db
        .select(articleColumns)
        .from(articles)
        .innerJoin(profiles, eq(profiles.id, articles.authorId))
        .where(eq(articles.id, sql.placeholder("id")))
        .limit(1)
        .prepare("articles_by_id"),
    };
    preparedByDb.set(db, queries);
  }
  return queries;
}

/**
 * Newest first, strictly after `after` when given. Walks the (created_at, id) index — or
 * (lower(topic), created_at, id) for a rare topic — backwards, so a deep page costs what the first
 * one does.
 */
export async function listArticles(
  db: Db,
  options: { limit: number; topic?: string | undefined; after?: ArticlePosition | null },
): Promise<ArticleRow[]> {
  const { topic, after } = options;
  const params = {
    limit: options.limit,
    afterTime: after?.createdAt ?? null,
    afterId: after?.id ?? null,
  };
  if (topic) return feedQuery(db, topic, Boolean(after)).execute(params);
  const queries = prepared(db);
  return (after ? queries.after : queries.first).execute(params);
}

export async function findArticleById(db: Db, id: number): Promise<ArticleRow | null> {
  const [row] = await prepared(db).byId.execute({ id });
  return row ?? null;
}

export type NewArticle = { title: string; topic: string; body: string };

/** Stores a post by `author` (always the session's profile) and returns it as listed. */
export async function insertArticle(
  db: Db,
  author: { id: string; username: string },
  article: NewArticle,
): Promise<ArticleRow> {
  const [row] = await db
    .insert(articles)
    .values({ authorId: author.id, title: article.title, topic: article.topic, body: article.body })
    .returning({
      id: articles.id,
      title: articles.title,
      topic: articles.topic,
      body: articles.body,
      createdAt: createdAtIso,
    });
  if (!row) throw new Error("insert into articles returned no row");
  return { ...row, username: author.username };
}
