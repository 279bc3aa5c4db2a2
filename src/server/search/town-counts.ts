import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { PostType } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { closeTo } from "../places/index.ts";
import {
  type CommonFilter,
  newestPeopleMatches,
  newestPostMatches,
  peopleFilters,
  postFilters,
  SEARCH_CANDIDATES,
} from "./search-repository.ts";

export type TownSearch = Omit<CommonFilter, "page"> & {
  now: Date;
  type?: PostType | undefined;
  topic?: string | undefined;
  skill?: string | undefined;
};

/** How many results are in one town (its GeoNames id); results without a town are not counted. */
export type TownTally = { areaId: number; count: number };

/**
 * The post results of `search` by town: the same posts the search ranks (its newest
 * SEARCH_CANDIDATES matches, as many as its pages can show), counted by their area's id. Only ids
 * and counts leave the query: never a post's position.
 */
export async function postsByTown(db: Db, search: TownSearch): Promise<TownTally[]> {
  const { text, centre, withinKm: km, excludedAuthors } = search;
  const conditions = postFilters(db, search);
  if (centre && km !== undefined) conditions.push(closeTo(posts, centre, km));
  const withAuthors = excludedAuthors.length > 0;
  const from = db.select({ id: posts.id }).from(posts);
  const joined = withAuthors ? from.innerJoin(profiles, eq(profiles.id, posts.authorId)) : from;
  const results = text
    ? newestPostMatches(db, conditions, text, withAuthors, km === undefined ? centre : null)
    : sql`${posts.id} in ${joined
        .where(and(...conditions))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(SEARCH_CANDIDATES)}`;
  return db
    .select({ areaId: sql<number>`${posts.areaId}`, count: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(results, isNotNull(posts.areaId)))
    .groupBy(posts.areaId);
}

/** The people results of `search` by town, as postsByTown counts posts. */
export async function peopleByTown(db: Db, search: TownSearch): Promise<TownTally[]> {
  const { text, centre, withinKm: km } = search;
  const conditions = peopleFilters(db, search);
  if (centre && km !== undefined) conditions.push(closeTo(profiles, centre, km));
  const results = text
    ? newestPeopleMatches(db, conditions, text, km === undefined ? centre : null)
    : sql`${profiles.id} in ${db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(...conditions))
        .orderBy(desc(profiles.createdAt), profiles.username)
        .limit(SEARCH_CANDIDATES)}`;
  return db
    .select({ areaId: sql<number>`${profiles.areaId}`, count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(results, isNotNull(profiles.areaId)))
    .groupBy(profiles.areaId);
}
