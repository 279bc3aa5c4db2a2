import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { PLAN_EACH_TIME } from "../db/pglite-prepared.ts";
import { createReadCache, type ReadCache } from "../db/read-cache.ts";
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
  if (topic) {
    conditions.push(sql`lower(${articles.topic}) = lower(${topic}) ${sql.raw(PLAN_EACH_TIME)}`);
  }
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
  /** The feed's first page by page size: changes with every post, so kept one second at most. */
  firstPages: ReadCache<number, ArticleRow[]>;
  /** Posts by id: a post never changes once written, so kept longer. */
  articles: ReadCache<number, ArticleRow | null>;
};

/**
 * The two hottest reads are served from this process for a moment (DESIGN §6): a post by id, and
 * the feed's first page. A post stored through this process clears the feed at once; one stored
 * through another instance (PostgreSQL) shows in this one's feed within FEED_TTL_MS, much less
 * than the web app's own 30 s stale time. Topic and deeper pages always read the database.
 */
const FEED_TTL_MS = 1_000;
const ARTICLE_TTL_MS = 10_000;

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
      firstPages: createReadCache({ ttlMs: FEED_TTL_MS, maxEntries: 10 }),
      articles: createReadCache({ ttlMs: ARTICLE_TTL_MS, maxEntries: 2_000 }),
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
  if (after) return queries.after.execute(params);
  return queries.firstPages.get(params.limit, () => queries.first.execute(params));
}

export async function findArticleById(db: Db, id: number): Promise<ArticleRow | null> {
  const queries = prepared(db);
  return queries.articles.get(id, async () => (await queries.byId.execute({ id }))[0] ?? null);
}

/** Forgets the cached reads; for writes that bypass insertArticle (test fixtures). */
export function forgetCachedArticles(db: Db): void {
  const queries = preparedByDb.get(db);
  queries?.firstPages.clear();
  queries?.articles.clear();
}

export type NewArticle = { title: string; topic: string; body: string };

/**
 * Stores a post by `author` (always the session's profile) and returns it as listed. `db` may be a
 * transaction: the caller then tells the feed once it has committed (articleStored).
 */
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
  articleStored(db);
  return { ...row, username: author.username };
}

/** A new post shows at once in this process's feed (the cache belongs to `db`, not to a transaction). */
export function articleStored(db: Db): void {
  preparedByDb.get(db)?.firstPages.clear();
}
