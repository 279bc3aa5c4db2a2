import { type AnyColumn, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Centre, distanceMeters } from "../places/index.ts";
import type { SearchText } from "./search-text.ts";

/*
 * How a search with words orders what it found (issue 33, decision 032): one score per row,
 *
 *   score = TEXT × relevance + DISTANCE × closeness + TIME × freshness
 *
 * each part between 0 and 1. Only the ORDER BY side: what matches is decided elsewhere
 * (search-repository.ts's matches). Komunitin's "fresh and close" gives the half-lives.
 */
export const RANKING = {
  /** The words' relevance: the text rank (title and topic above body) and the title's likeness. */
  text: 0.3,
  /** How close the row's area is to the searcher's centre (their area, or the town they picked). */
  distance: 0.3,
  /** How recently it was posted (posts only; people have no time part). */
  time: 0.4,
  /** Closeness halves every 10 km. */
  distanceHalfLifeKm: 10,
  /** Freshness halves every three months. */
  timeHalfLifeDays: 91.3,
} as const;

/**
 * Matches beyond this distance from the centre are ranked only when among the newest ones: their
 * closeness (under 0.5^5 ≈ 0.03) adds less than a day's freshness.
 */
export const NEAR_CANDIDATES_KM = 50;

/** Half-lives beyond these count as none left (PostgreSQL answers an underflow with an error). */
const MAX_HALF_LIVES = 60;

const halved = (halfLives: SQL) =>
  sql`power(0.5::float8, least(greatest(${halfLives}, 0::float8), ${MAX_HALF_LIVES}::float8))`;

const tsquery = (text: SearchText) => sql`to_tsquery('ylt_search', ${text.tsquery})`;

/**
 * The words' relevance, 0 to 1: the cover-density rank scaled to rank / (rank + 1) (flag 32), and
 * the best word similarity of the words to `alike` (a title, a username, skills), averaged.
 */
export function relevanceSql(vector: SQLWrapper, text: SearchText, alike: SQL): SQL<number> {
  return sql<number>`((ts_rank_cd(${vector}, ${tsquery(text)}, 32) + ${alike}) / 2)`;
}

/** 1 at the centre, halving every distanceHalfLifeKm; 0 for a row without an area. */
export function closenessSql(
  area: { areaLat: AnyColumn; areaLng: AnyColumn },
  centre: Centre,
): SQL<number> {
  const halfLifeMeters = RANKING.distanceHalfLifeKm * 1000;
  // Not coalesce(…): greatest() and least() skip nulls, so a row without an area would be 1.
  return sql<number>`(case when ${area.areaLat} is null then 0::float8 else ${halved(sql`${distanceMeters(area, centre)} / ${halfLifeMeters}::float8`)} end)`;
}

/** 1 when just posted at `now` (the app's clock), halving every timeHalfLifeDays. */
export function freshnessSql(createdAt: SQLWrapper, now: Date): SQL<number> {
  const halfLifeSeconds = RANKING.timeHalfLifeDays * 86_400;
  return halved(
    sql`extract(epoch from ${now.toISOString()}::timestamptz - ${createdAt})::float8 / ${halfLifeSeconds}::float8`,
  ) as SQL<number>;
}

/** A post's score: relevance, closeness when the search has a centre, and freshness. */
export function postScoreSql(
  row: { vector: SQLWrapper; title: SQLWrapper; created: SQLWrapper } & {
    areaLat: AnyColumn;
    areaLng: AnyColumn;
  },
  text: SearchText,
  centre: Centre | null,
  now: Date,
): SQL<number> {
  const relevance = relevanceSql(
    row.vector,
    text,
    sql`word_similarity(${text.plain}, ${row.title})`,
  );
  const closeness = centre ? closenessSql(row, centre) : sql`0::float8`;
  return sql<number>`(${RANKING.text}::float8 * ${relevance} + ${RANKING.distance}::float8 * ${closeness} + ${RANKING.time}::float8 * ${freshnessSql(row.created, now)})`;
}

/** A person's score: relevance (to the username or a skill) and closeness when there is a centre. */
export function personScoreSql(
  row: { vector: SQLWrapper; username: SQLWrapper; skills: SQLWrapper } & {
    areaLat: AnyColumn;
    areaLng: AnyColumn;
  },
  text: SearchText,
  centre: Centre | null,
): SQL<number> {
  const alike = sql`greatest(word_similarity(${text.plain}, ${row.username}), word_similarity(${text.plain}, ylt_words(${row.skills})))`;
  const relevance = relevanceSql(row.vector, text, alike);
  const closeness = centre ? closenessSql(row, centre) : sql`0::float8`;
  return sql<number>`(${RANKING.text}::float8 * ${relevance} + ${RANKING.distance}::float8 * ${closeness})`;
}
