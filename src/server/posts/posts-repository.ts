import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PostType } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import { PLAN_EACH_TIME } from "../db/pglite-prepared.ts";
import type { RowPosition } from "../db/position-cursor.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { type AuthorRate, posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { announce } from "../events/index.ts";
import {
  type AreaFields,
  type AreaValues,
  type Centre,
  closeTo,
  distanceMeters,
  withinKm,
} from "../places/index.ts";
import { notAmongSql, publicSql, type SqlItem } from "../visibility/index.ts";
import { announcePostChange } from "./post-cache.ts";

/**
 * A post with its author's username; createdAt is ISO 8601 UTC with microseconds, and so are
 * editedAt and filledAt when set (null: never edited, open).
 */
export type PostRow = AreaFields & {
  id: number;
  title: string;
  topic: string;
  body: string;
  username: string;
  createdAt: string;
  kind: PostType;
  editedAt: string | null;
  filledAt: string | null;
  /** ISO 8601 UTC: when it leaves the feed and search (issue 32). */
  expiresAt: string;
  /** Whether it had expired at the read's `now`: only lists that show expired posts read it. */
  expired?: boolean;
  /** The author's profiles.img_url (null: none); a write's caller adds it from the session. */
  authorImgUrl?: string | null;
  /** The post's copy of its author's rate (issue 32); null when they set none. */
  authorRate: AuthorRate | null;
};

/**
 * A post by id, for its page: also its author's account and whether moderators hid it, so the route
 * decides who may read it (never sent as is: the presenter picks the wire fields).
 */
export type PostWithAuthor = PostRow & { authorUserId: string; hidden: boolean };

/** Where a post sits in the newest-first order. */
export type PostPosition = RowPosition;

// Formatted by the database, not through a JS Date: a Date keeps milliseconds, the column keeps
// microseconds, and a truncated cursor would skip posts.
const isoOf = <T extends string | null>(column: AnyPgColumn) =>
  sql<T>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const createdAtIso = isoOf<string>(posts.createdAt);

/** A post's own columns, as an update's `returning` reads them (its author is the caller). */
export const ownPostColumns = {
  id: posts.id,
  title: posts.title,
  topic: posts.topic,
  body: posts.body,
  createdAt: createdAtIso,
  kind: sql<PostType>`${posts.kind}`,
  areaId: posts.areaId,
  areaName: posts.areaName,
  areaCountry: posts.areaCountry,
  editedAt: isoOf<string | null>(posts.editedAt),
  filledAt: isoOf<string | null>(posts.filledAt),
  expiresAt: isoOf<string>(posts.expiresAt),
  authorRate: posts.authorRate,
};

/**
 * Still running at `now` (issue 32): the feed, search and the periodic mails show only these. `now`
 * is the app's clock (tests move it), never the database's.
 */
export const unexpiredSql = (now: Date | Placeholder) =>
  sql`${posts.expiresAt} > ${now}::timestamptz`;

/**
 * A post's columns as every list of posts reads them: its author's username and image are the
 * post's own copies (migration 0007's triggers), so a list joins no other table.
 */
export const postColumns = {
  ...ownPostColumns,
  username: posts.authorUsername,
  authorImgUrl: posts.authorImgUrl,
};

/**
 * What narrows the feed: a topic (case-insensitive), a post type, the posts of `excludedAuthors`
 * (accounts a viewer blocked) left out, and a distance `centre` (each post's distance from it is
 * read; with `withinKm`, only posts whose area lies that close).
 */
export type FeedFilter = {
  topic?: string | undefined;
  type?: PostType | undefined;
  excludedAuthors?: readonly string[];
  centre?: Centre | null;
  withinKm?: number | undefined;
};

/** Whether `filter` narrows the feed at all (else the prepared, shared reads serve it). */
export function isFiltered(filter: FeedFilter): boolean {
  return Boolean(
    filter.topic || filter.type || filter.centre || (filter.excludedAuthors?.length ?? 0) > 0,
  );
}

/**
 * How many of the newest posts a distance filter looks through first (closeTo, no index): in a
 * crowded region a page is among them. Only when they hold less than a page does the area index
 * (withinKm) find the rest: the planner would otherwise read every post of a crowded region
 * through that index and sort them (250 ms for 50 km at 100,000 posts on PostgreSQL).
 */
export const RECENT_POSTS_WINDOW = 2_000;

/** A post as visibility sees it (decision 018): its author is a profile id. */
const postItem = {
  hiddenAt: posts.hiddenAt,
  author: { profileId: posts.authorId },
} satisfies SqlItem;

/**
 * The feed leaves hidden posts out for everyone (it is shared and cached). A distance filter reads
 * either the RECENT_POSTS_WINDOW newest posts (`window`) or the area index.
 */
function feedQuery(
  db: Db,
  filter: Omit<FeedFilter, "topic"> & { topic?: string | Placeholder | undefined },
  afterPosition: boolean,
  window = false,
) {
  const { topic, type, excludedAuthors = [], centre, withinKm: km } = filter;
  const conditions: SQL[] = [publicSql(postItem), unexpiredSql(sql.placeholder("now"))];
  const notBlocked = notAmongSql(db, excludedAuthors, postItem.author);
  if (notBlocked) conditions.push(notBlocked);
  if (topic) conditions.push(sql`lower(${posts.topic}) = lower(${topic})`);
  if (type) conditions.push(eq(posts.kind, type));
  if (afterPosition) {
    conditions.push(
      sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder("afterTime")}::timestamptz, ${sql.placeholder("afterId")}::bigint)`,
    );
  }
  if (centre && km !== undefined) {
    if (window) {
      const recent = db
        .select({ id: posts.id })
        .from(posts)
        .where(and(...conditions))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(RECENT_POSTS_WINDOW);
      conditions.push(sql`${posts.id} in ${recent}`, closeTo(posts, centre, km));
    } else {
      conditions.push(withinKm(posts, centre, km));
    }
  }
  // A narrowed feed is planned for its own values: a rare topic, or few posts near the centre,
  // reads its index rather than walking the whole time index under a generic plan.
  if (topic || type || centre) conditions.push(sql`true ${sql.raw(PLAN_EACH_TIME)}`);
  return db
    .select(
      centre ? { ...postColumns, distanceMeters: distanceMeters(posts, centre) } : postColumns,
    )
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(sql.placeholder("limit"));
}

/** A post by id with its author (placeholder `id`); exported for bench/floor-server.ts's SQL text. */
export function postByIdQuery(db: Db) {
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

/**
 * The unfiltered feed page, newest first (placeholders `limit`, `now`, and `afterTime`, `afterId`
 * when `afterPosition`); exported for bench/floor-server.ts's SQL text.
 */
export const feedPageQuery = (db: Db, afterPosition: boolean) => feedQuery(db, {}, afterPosition);

const topicFeed = sql.placeholder("topic");

/**
 * The reads behind most requests, built and prepared once per database: building and planning the
 * same SQL again was a third of a feed request on PostgreSQL. A topic's feed is built once too but
 * sent unnamed (an empty name; PLAN_EACH_TIME on PGlite), so each is planned for its topic: a
 * generic plan walks the whole time index for a rare topic.
 */
const prepared = {
  first: (db: Db) =>
    preparedQuery(db, "articles_feed_first", (name) => feedPageQuery(db, false).prepare(name)),
  after: (db: Db) =>
    preparedQuery(db, "articles_feed_after", (name) => feedPageQuery(db, true).prepare(name)),
  topicFirst: (db: Db) =>
    preparedQuery(db, "articles_feed_topic_first", () =>
      feedQuery(db, { topic: topicFeed }, false).prepare(""),
    ),
  topicAfter: (db: Db) =>
    preparedQuery(db, "articles_feed_topic_after", () =>
      feedQuery(db, { topic: topicFeed }, true).prepare(""),
    ),
  byId: (db: Db) => preparedQuery(db, "articles_by_id", (name) => postByIdQuery(db).prepare(name)),
};

/** A feed row; `distanceMeters` is there when the filter had a centre (null: the post has no area). */
export type FeedRow = PostRow & { distanceMeters?: number | null };

/**
 * Newest first, strictly after `after` when given, without hidden posts nor posts expired at `now`,
 * narrowed by `filter`. Walks
 * the (created_at, id) index — or (lower(topic), created_at, id) for a rare topic, the recent
 * window or else the area GiST index for a distance — so a deep page costs what the first one does.
 */
export async function listPosts(
  db: Db,
  options: { limit: number; now: Date; after?: PostPosition | null } & FeedFilter,
): Promise<FeedRow[]> {
  const { limit, now, after, ...filter } = options;
  const params = {
    limit,
    now: now.toISOString(),
    afterTime: after?.createdAt ?? null,
    afterId: after?.id ?? null,
  };
  const { topic, ...rest } = filter;
  if (topic && !isFiltered(rest)) {
    const query = after ? prepared.topicAfter(db) : prepared.topicFirst(db);
    return query.execute({ ...params, topic });
  }
  // Any other filter (a reader's blocks too) makes a feed of its own: built for it, not prepared.
  if (isFiltered(filter)) {
    if (filter.centre && filter.withinKm !== undefined) {
      // The newest `limit` posts near the centre, when the window holds that many, are the same
      // the whole table would give: every post outside the window is older than all inside it.
      const recent = await feedQuery(db, filter, Boolean(after), true).execute(params);
      if (recent.length >= limit) return recent;
    }
    return feedQuery(db, filter, Boolean(after)).execute(params);
  }
  return (after ? prepared.after(db) : prepared.first(db)).execute(params);
}

/** The post `id`, hidden or not: the caller decides who may read it. */
export async function findPostById(db: Db, id: number): Promise<PostWithAuthor | null> {
  return (await prepared.byId(db).execute({ id }))[0] ?? null;
}

export type NewPost = AreaValues & {
  title: string;
  topic: string;
  body: string;
  kind: PostType;
  expiresAt: Date;
};

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
    .values({ authorId: author.id, ...post })
    .returning({
      ...ownPostColumns,
      authorUserId: sql<string>`(select ${profiles.userId} from ${profiles} where ${profiles.id} = ${posts.authorId})`,
    });
  if (!row) throw new Error("insert into articles returned no row");
  await announcePostChange(db, "feed");
  const { authorUserId, ...created } = row;
  await announce(db, { type: "post.created", postId: created.id, authorUserId });
  return { ...created, username: author.username };
}
