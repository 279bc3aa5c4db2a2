import { z } from "zod";
import { areaSchema, distanceFilterSchema } from "./places.ts";
import { POST_LIMITS, POST_TYPES, postSchema } from "./posts.ts";
import { SKILL_NAME_MAX } from "./skills.ts";
import { wholeNumberQuery } from "./whole-number-query.ts";

/*
 * Search (issue 18, decision 012): GET /api/search/posts and GET /api/search/people, each ranked
 * and paged on its own. Filters travel in the query string, so /search?q=… is shareable.
 */

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
/** Deeper pages of a ranked list are not worth their cost: refine the search instead. */
export const SEARCH_PAGE_MAX = 25;

/** Words to look for; blank means every item (filters alone, newest first). */
const searchText = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`)
  .refine((value) => !value.includes("\u0000"), "must not contain NUL characters")
  .optional();

const pageNumber = wholeNumberQuery(SEARCH_PAGE_MAX, 1);

/**
 * A skill chip or filter (issue 33): a skill's name or synonym, any letter case. It matches the
 * people who list the skill and the posts whose topic names it; an unknown word matches nothing.
 */
export const skillFilter = z
  .string()
  .trim()
  .max(SKILL_NAME_MAX, `must be at most ${SKILL_NAME_MAX} characters`)
  .optional();

export const searchPostsQuerySchema = distanceFilterSchema.extend({
  q: searchText,
  type: z.enum(POST_TYPES, { error: `must be one of ${POST_TYPES.join(", ")}` }).optional(),
  /** Case-insensitive, the whole topic. */
  topic: z
    .string()
    .trim()
    .max(POST_LIMITS.topic, `must be at most ${POST_LIMITS.topic} characters`)
    .optional(),
  skill: skillFilter,
  page: pageNumber,
});
export type SearchPostsQuery = z.input<typeof searchPostsQuerySchema>;

export const searchPeopleQuerySchema = distanceFilterSchema.extend({
  q: searchText,
  skill: skillFilter,
  page: pageNumber,
});
export type SearchPeopleQuery = z.input<typeof searchPeopleQuerySchema>;

/**
 * Text cut into pieces, the matched words marked: the client renders `match` pieces in <mark>,
 * never as HTML.
 */
export const highlightedTextSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type HighlightedText = z.infer<typeof highlightedTextSchema>;

export const postSearchResultSchema = postSchema.extend({
  title_highlight: highlightedTextSchema,
  /** The parts of the body around the matched words (the body's start without a query). */
  excerpt: highlightedTextSchema,
});
export type PostSearchResult = z.infer<typeof postSearchResultSchema>;

export const personSearchResultSchema = z.object({
  username: z.string(),
  img_url: z.string().nullable(),
  skills: z.array(z.string()),
  area: areaSchema.nullable(),
  /** Rounded (places.ts roundedDistanceKm); only when a centre is known. */
  distance_km: z.number().optional(),
  username_highlight: highlightedTextSchema,
  bio_excerpt: highlightedTextSchema,
  review_count: z.number().int(),
  /** Rounded to one decimal; null while there are no reviews. */
  average_rating: z.number().nullable(),
});
export type PersonSearchResult = z.infer<typeof personSearchResultSchema>;

export const searchPostsResponseSchema = z.object({
  articles: z.array(postSearchResultSchema),
  /** The next page's number; null on the last page. */
  nextPage: z.number().int().nullable(),
});
export type SearchPostsResponse = z.infer<typeof searchPostsResponseSchema>;

export const searchPeopleResponseSchema = z.object({
  users: z.array(personSearchResultSchema),
  nextPage: z.number().int().nullable(),
});
export type SearchPeopleResponse = z.infer<typeof searchPeopleResponseSchema>;
