import { and, asc, desc, eq, isNotNull, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PostType } from "../../shared/posts.ts";
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE } from "../../shared/search.ts";
import type { Db } from "../db/database.ts";
import { PLAN_EACH_TIME } from "../db/pglite-prepared.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviews } from "../db/tables/reviews.ts";
import {
  type AreaColumns,
  type AreaFields,
  type Centre,
  closeTo,
  distanceMeters,
  withinKm,
} from "../places/index.ts";
import { type PostRow, postColumns, unexpiredSql } from "../posts/index.ts";
import { countedReviewsSql } from "../reviews/index.ts";
import { notAmongSql, publicSql } from "../visibility/index.ts";
import { markedText } from "./highlight.ts";
import { NEAR_CANDIDATES_KM, personScoreSql, postScoreSql } from "./ranking.ts";
import type { SearchText } from "./search-text.ts";
import {
  peopleOfSkillSql,
  peopleOfSkillWordsSql,
  postsOfSkillSql,
  postsOfSkillWordsSql,
} from "./skill-matches.ts";

/** What every search narrows by: the words, the distance, and the accounts the viewer blocked. */
export type CommonFilter = {
  text: SearchText | null;
  /** Where distances are measured from (near, else the viewer's area); null: no distances. */
  centre: Centre | null;
  /** Only rows whose area lies this close to `centre`. */
  withinKm?: number | undefined;
  /** users.id of the members the viewer blocked: their posts and profiles are left out. */
  excludedAuthors: readonly string[];
  page: number;
};

export type PostSearch = CommonFilter & {
  /** The app's clock: posts expired by then are left out (issue 32). */
  now: Date;
  type?: PostType | undefined;
  topic?: string | undefined;
  /** A skill's name or synonym: the posts whose topic names that skill (issue 33). */
  skill?: string | undefined;
};

/** `skill`: a skill's name or synonym: the people who list that skill (issue 33). */
export type PeopleSearch = CommonFilter & { skill?: string | undefined };

/** A post the search found: the feed's fields, where it is and its marked words. */
export type PostHit = Omit<PostRow, "authorImgUrl"> & {
  /** Null when the post has no area; undefined when the search had no centre. */
  distanceMeters?: number | null;
  titleMarked: string | null;
  bodyMarked: string | null;
};

export type PersonHit = AreaFields & {
  username: string;
  imgUrl: string | null;
  skills: string[];
  bio: string;
  distanceMeters?: number | null;
  usernameMarked: string | null;
  bioMarked: string | null;
  reviewCount: number;
  ratingSum: number;
};

export type SearchPage<T> = { hits: T[]; more: boolean };

const tsquery = (text: SearchText) => sql`to_tsquery('ylt_search', ${text.tsquery})`;

/**
 * How many of the newest matches are ranked: every page a search may show (SEARCH_PAGE_MAX), and a
 * bound on the work of a word most posts contain ("help"). Rarer words are ranked in full.
 */
export const SEARCH_CANDIDATES = SEARCH_PAGE_SIZE * SEARCH_PAGE_MAX;

/** The most rows a search ranks: the newest matches, the newest near the centre, the alike ones. */
const RANKED_MAX = 3 * SEARCH_CANDIDATES;

const pageWindow = (page: number) => ({
  // One row more than a page tells whether another page exists.
  limit: SEARCH_PAGE_SIZE + 1,
  offset: (page - 1) * SEARCH_PAGE_SIZE,
});

function pageOf<T>(rows: T[]): SearchPage<T> {
  return { hits: rows.slice(0, SEARCH_PAGE_SIZE), more: rows.length > SEARCH_PAGE_SIZE };
}

/** How many of the newest posts the distance filter looks through before asking the area index. */
export const RECENT_POSTS_WINDOW = 2_000;

/** Only the RECENT_POSTS_WINDOW newest posts meeting `conditions`. */
function recentPostsOnly(db: Db, conditions: SQL[], withAuthors: boolean): SQL {
  const from = db.select({ id: posts.id }).from(posts);
  const joined = withAuthors ? from.innerJoin(profiles, eq(profiles.id, posts.authorId)) : from;
  const recent = joined
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(RECENT_POSTS_WINDOW);
  return sql`${posts.id} in ${recent}`;
}

/**
 * The ids of the newest SEARCH_CANDIDATES posts (under `conditions`) whose text matches the words;
 * when those are fewer than a page, also of the newest whose title is like the words (typos). The
 * trigram comparison is the costly part of a search (several µs a title), so it runs only when the
 * words themselves found little: "plumbr" finds "plumbing", "plumbing" does not pay for it.
 */
export function newestPostMatches(
  db: Db,
  conditions: SQL[],
  text: SearchText,
  withAuthors: boolean,
  centre: Centre | null,
): SQL {
  const newest = (match: SQL) => {
    const from = db.select({ id: posts.id }).from(posts);
    // The author's row is needed only to leave blocked members out.
    const joined = withAuthors ? from.innerJoin(profiles, eq(profiles.id, posts.authorId)) : from;
    return joined
      .where(and(...conditions, match))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(SEARCH_CANDIDATES);
  };
  const exact = newest(
    sql`(${posts.searchVector} @@ ${tsquery(text)} or ${postsOfSkillWordsSql(text)})`,
  );
  // The count is a one-time filter: the second read does not run at all when it is false.
  const alike = newest(
    sql`(select count(*) from exact) < ${SEARCH_PAGE_SIZE} and ${text.plain} <% ${posts.title}`,
  );
  const nearby = nearbyMatches(centre, posts, (near) =>
    newest(sql`${posts.searchVector} @@ ${tsquery(text)} and ${near}`),
  );
  // Drizzle puts each embedded query in parentheses, as a union of limited reads needs.
  return sql`${posts.id} in (with exact as ${exact} select id from exact${nearby} union ${alike})`;
}

/**
 * With a centre (and no distance filter), also the newest matches near it (NEAR_CANDIDATES_KM):
 * an older match next door may outrank the newest ones far away (ranking.ts). As a union's branch.
 */
function nearbyMatches(
  centre: Centre | null,
  table: AreaColumns,
  newest: (near: SQL) => SQLWrapper,
): SQL {
  return centre ? sql` union ${newest(closeTo(table, centre, NEAR_CANDIDATES_KM))}` : sql``;
}

/**
 * What every post search and the map's counts narrow by, besides the words and the distance:
 * visible, unexpired, no blocked author, the type, topic and skill asked for. Each search is
 * planned for its own words and filters (a generic plan suits few of them).
 */
export function postFilters(
  db: Db,
  search: Pick<PostSearch, "now" | "excludedAuthors" | "type" | "topic" | "skill">,
): SQL[] {
  const { excludedAuthors, type, topic, skill } = search;
  const conditions: SQL[] = [
    publicSql(posts),
    unexpiredSql(search.now),
    sql`true ${sql.raw(PLAN_EACH_TIME)}`,
  ];
  const notBlocked = notAmongSql(db, excludedAuthors, { userId: profiles.userId });
  if (notBlocked) conditions.push(notBlocked);
  if (type) conditions.push(eq(posts.kind, type));
  if (topic) conditions.push(sql`lower(${posts.topic}) = lower(${topic})`);
  if (skill) conditions.push(postsOfSkillSql(skill));
  return conditions;
}

/** What every people search and the map's counts narrow by: visible, not blocked, the skill. */
export function peopleFilters(
  db: Db,
  search: Pick<PeopleSearch, "excludedAuthors" | "skill">,
): SQL[] {
  const conditions: SQL[] = [publicSql(profiles), sql`true ${sql.raw(PLAN_EACH_TIME)}`];
  const notBlocked = notAmongSql(db, search.excludedAuthors, { userId: profiles.userId });
  if (notBlocked) conditions.push(notBlocked);
  if (search.skill) conditions.push(peopleOfSkillSql(search.skill));
  return conditions;
}

/**
 * Posts matching `search` that have not expired at its `now`, open ones before filled ones, best
 * first by ranking.ts's score (the words' relevance, closeness to the centre, freshness); newest
 * first without words. Hidden posts never, blocked authors' never. Only the newest SEARCH_CANDIDATES
 * matches are ranked (and as many of the newest near the centre), and highlights are made for the
 * page's rows only.
 */
export async function searchPosts(db: Db, search: PostSearch): Promise<SearchPage<PostHit>> {
  const { text, centre, withinKm: km, excludedAuthors } = search;
  const conditions = postFilters(db, search);
  const withAuthors = excludedAuthors.length > 0;
  const near = centre && km !== undefined ? { centre, km } : null;
  const page = pageWindow(search.page);
  if (text) {
    // With words, the matches' ids already meet every condition: they are not checked twice.
    const matches = newestPostMatches(
      db,
      near ? [...conditions, closeTo(posts, near.centre, near.km)] : conditions,
      text,
      withAuthors,
      near ? null : centre,
    );
    return readPostPage(
      db,
      search,
      and(sql`true ${sql.raw(PLAN_EACH_TIME)}`, matches),
      page,
      false,
    );
  }
  if (!near) return readPostPage(db, search, and(...conditions), page, withAuthors);
  // Newest near a place: among the recent posts when they hold a whole page (a town's feed),
  // else through the area index (few posts that close).
  const recent = and(
    ...conditions,
    recentPostsOnly(db, conditions, withAuthors),
    closeTo(posts, near.centre, near.km),
  );
  const found = await readPostPage(db, search, recent, page, withAuthors);
  // A page and one more among the recent posts: the same as all posts would give.
  if (found.more) return found;
  const nearby = and(...conditions, withinKm(posts, near.centre, near.km));
  return readPostPage(db, search, nearby, page, withAuthors);
}

type PageWindow = { limit: number; offset: number };

/**
 * A page of the posts `where` selects, open posts before filled ones (issue 19): the newest
 * SEARCH_CANDIDATES of them ranked for the words of `search`, else newest first. Without words the
 * open posts are read first and the filled ones only past their end: each read walks the time index,
 * as one order by "filled, then newest" could not.
 */
async function readPostPage(
  db: Db,
  search: PostSearch,
  where: SQL | undefined,
  page: PageWindow,
  withAuthors: boolean,
): Promise<SearchPage<PostHit>> {
  if (search.text) return pageOf(await readPostRows(db, search, where, page, withAuthors));
  const openWhere = and(where, isNull(posts.filledAt));
  const open = await readPostRows(db, search, openWhere, page, withAuthors);
  if (open.length === page.limit) return pageOf(open);
  // How many open posts come before the filled ones: counted only for a page past all of them.
  const openCount =
    open.length > 0 || page.offset === 0
      ? page.offset + open.length
      : await countPosts(db, openWhere, withAuthors);
  const filled = await readPostRows(
    db,
    search,
    and(where, isNotNull(posts.filledAt)),
    { limit: page.limit - open.length, offset: Math.max(0, page.offset - openCount) },
    withAuthors,
  );
  return pageOf([...open, ...filled]);
}

async function countPosts(db: Db, where: SQL | undefined, withAuthors: boolean): Promise<number> {
  const from = db.select({ count: sql<number>`count(*)::int` }).from(posts);
  const [row] = await (withAuthors
    ? from.innerJoin(profiles, eq(profiles.id, posts.authorId))
    : from
  ).where(where);
  return row?.count ?? 0;
}

/**
 * The rows of `window` among the posts `where` selects: the newest SEARCH_CANDIDATES of them
 * ranked for the words of `search`, open before filled (newest first without words), with
 * highlights for these rows only.
 */
async function readPostRows(
  db: Db,
  search: PostSearch,
  where: SQL | undefined,
  page: PageWindow,
  withAuthors: boolean,
) {
  const { text, centre } = search;
  // Only what ranking reads travels through it; the page's rows are read whole at the end.
  const from = db
    .select({
      id: posts.id,
      title: posts.title,
      vector: posts.searchVector,
      created: posts.createdAt,
      areaLat: posts.areaLat,
      areaLng: posts.areaLng,
      filled: sql<boolean>`${posts.filledAt} is not null`.as("filled"),
    })
    .from(posts);
  // The authors' rows only when `where` leaves blocked members out.
  const candidates = (
    withAuthors ? from.innerJoin(profiles, eq(profiles.id, posts.authorId)) : from
  )
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(text ? RANKED_MAX : page.limit)
    .offset(text ? 0 : page.offset)
    .as("candidates");
  const c = candidates;
  const score = text ? postScoreSql(c, text, centre, search.now) : sql<number>`0`;
  const ranked = db
    .select({ id: c.id, filled: c.filled, score: score.as("score"), created: c.created })
    .from(c)
    .orderBy(asc(c.filled), desc(sql`score`), desc(c.created), desc(c.id))
    .limit(page.limit)
    .offset(text ? page.offset : 0)
    .as("ranked");
  const query = text ? tsquery(text) : null;
  const rows = await db
    .select({
      ...postColumns,
      distanceMeters: centre ? distanceMeters(posts, centre) : sql<null>`null::float8`,
      titleMarked: query ? markedText(posts.title, query, "whole") : sql<null>`null::text`,
      bodyMarked: query ? markedText(posts.body, query, "fragments") : sql<null>`null::text`,
    })
    .from(ranked)
    .innerJoin(posts, eq(posts.id, ranked.id))
    .orderBy(asc(ranked.filled), desc(ranked.score), desc(ranked.created), desc(ranked.id));
  return rows.map((row) => withoutAbsentDistance(row, centre));
}

/**
 * The ids of the newest SEARCH_CANDIDATES profiles (under `conditions`) whose text or skills match
 * the words (a skill also with a typo: "plumbr"); when those are fewer than a page, also of the
 * newest whose username is like them (newestPostMatches says why).
 */
export function newestPeopleMatches(
  db: Db,
  conditions: SQL[],
  text: SearchText,
  centre: Centre | null,
): SQL {
  const newest = (match: SQL) =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(...conditions, match))
      .orderBy(desc(profiles.createdAt), asc(profiles.username))
      .limit(SEARCH_CANDIDATES);
  const matching = sql`(${profiles.searchVector} @@ ${tsquery(text)} or ${peopleOfSkillWordsSql(text)})`;
  const exact = newest(matching);
  const alike = newest(
    sql`(select count(*) from exact) < ${SEARCH_PAGE_SIZE} and ${text.plain} <% ${profiles.username}`,
  );
  const nearby = nearbyMatches(centre, profiles, (near) => newest(sql`${matching} and ${near}`));
  return sql`${profiles.id} in (with exact as ${exact} select id from exact${nearby} union ${alike})`;
}

/**
 * Profiles matching `search`, best first by ranking.ts's score (the words' relevance to the text,
 * the username or a skill, typos too, and closeness to the centre); newest first without words. Hidden
 * profiles never, blocked members never. Only the newest SEARCH_CANDIDATES matches are ranked;
 * review figures and highlights are read for the page's rows only.
 */
export async function searchPeople(db: Db, search: PeopleSearch): Promise<SearchPage<PersonHit>> {
  const { text, centre, withinKm: km } = search;
  const conditions = peopleFilters(db, search);
  // Ten thousand profiles are read faster by their distance than through the area index, whose
  // selectivity the planner cannot estimate (it takes a town's whole region for a few rows).
  const filtered = centre && km !== undefined;
  if (filtered) conditions.push(closeTo(profiles, centre, km));
  const where = text
    ? and(
        sql`true ${sql.raw(PLAN_EACH_TIME)}`,
        newestPeopleMatches(db, conditions, text, filtered ? null : centre),
      )
    : and(...conditions);
  const page = pageWindow(search.page);
  const candidates = db
    .select({
      id: profiles.id,
      username: profiles.username,
      skills: profiles.skills,
      vector: profiles.searchVector,
      created: profiles.createdAt,
      areaLat: profiles.areaLat,
      areaLng: profiles.areaLng,
    })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.createdAt), asc(profiles.username))
    .limit(text ? RANKED_MAX : page.limit)
    .offset(text ? 0 : page.offset)
    .as("candidates");
  const c = candidates;
  const score = text ? personScoreSql(c, text, centre) : sql<number>`0`;
  const ranked = db
    .select({ id: c.id, username: c.username, score: score.as("score"), created: c.created })
    .from(c)
    .orderBy(desc(sql`score`), desc(c.created), asc(c.username))
    .limit(page.limit)
    .offset(text ? page.offset : 0)
    .as("ranked");
  const query = text ? tsquery(text) : null;
  // Held reviews (a new account's, issue 32) count once visible; the database's clock decides here.
  const visibleReviews = and(eq(reviews.subjectId, profiles.id), countedReviewsSql(sql`now()`));
  const rows = await db
    .select({
      username: profiles.username,
      imgUrl: profiles.imgUrl,
      skills: profiles.skills,
      bio: profiles.bio,
      areaId: profiles.areaId,
      areaName: profiles.areaName,
      areaCountry: profiles.areaCountry,
      distanceMeters: centre ? distanceMeters(profiles, centre) : sql<null>`null::float8`,
      usernameMarked: query ? markedText(profiles.username, query, "whole") : sql<null>`null::text`,
      bioMarked: query ? markedText(profiles.bio, query, "fragments") : sql<null>`null::text`,
      reviewCount: sql<number>`(select count(*) from ${reviews} where ${visibleReviews})::int`,
      ratingSum: sql<number>`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${visibleReviews})::int`,
    })
    .from(ranked)
    .innerJoin(profiles, eq(profiles.id, ranked.id))
    .orderBy(desc(ranked.score), desc(ranked.created), asc(ranked.username));
  return pageOf(rows.map((row) => withoutAbsentDistance(row, centre)));
}

/** Without a centre, a row carries no distance at all (not even null). */
function withoutAbsentDistance<T extends { distanceMeters: number | null }>(
  row: T,
  centre: Centre | null,
): Omit<T, "distanceMeters"> & { distanceMeters?: number | null } {
  if (centre) return row;
  const { distanceMeters: _none, ...rest } = row;
  return rest;
}
