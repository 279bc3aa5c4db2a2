import { z } from "zod";
import { distanceFilterSchema } from "./places.ts";
import { POST_LIMITS, POST_TYPES } from "./posts.ts";
import { SEARCH_QUERY_MAX, skillFilter } from "./search.ts";

/*
 * The search map (issue 33): GET /api/search/towns answers, for the filters of /search, how many
 * of the results are in each town, where the town is (its gazetteer centre, two decimals), and
 * where the map's tiles come from. Never a member's or a post's own position: one marker a town.
 */

export const townMapQuerySchema = distanceFilterSchema.extend({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain NUL characters")
    .optional(),
  type: z.enum(POST_TYPES, { error: `must be one of ${POST_TYPES.join(", ")}` }).optional(),
  topic: z
    .string()
    .trim()
    .max(POST_LIMITS.topic, `must be at most ${POST_LIMITS.topic} characters`)
    .optional(),
  skill: skillFilter,
});
export type TownMapQuery = z.input<typeof townMapQuerySchema>;

/** Decimals of a town's position on the map: about a kilometre, never a stored coordinate. */
export const TOWN_POSITION_DECIMALS = 2;

export const townCountSchema = z.object({
  /** The town's GeoNames id, as areas carry it. */
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  /** The town's centre in the gazetteer, rounded to TOWN_POSITION_DECIMALS: [latitude, longitude]. */
  position: z.tuple([z.number(), z.number()]),
  /** How many of the post results and of the people results are in this town. */
  posts: z.number().int(),
  people: z.number().int(),
});
export type TownCount = z.infer<typeof townCountSchema>;

export const townMapResponseSchema = z.object({
  towns: z.array(townCountSchema),
  /** The map's raster tiles ({z}/{x}/{y}) and whom the map credits for them (MAP_TILE_*). */
  tiles: z.object({ url: z.string(), attribution: z.string() }),
});
export type TownMapResponse = z.infer<typeof townMapResponseSchema>;
