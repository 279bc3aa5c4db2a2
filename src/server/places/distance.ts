import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../auth/index.ts";
import { badRequest } from "../http/app-error.ts";
import { placeById } from "./gazetteer.ts";

/** Where distances are measured from: a gazetteer place's centre. Never leaves the server. */
export type Centre = { lat: number; lng: number };

/** A table's area centre columns (schema.ts areaColumns). */
export type AreaColumns = { areaLat: AnyColumn; areaLng: AnyColumn };

// ylt_earth (migration 0005) is ll_to_earth with a fixed search path; the GiST indexes are on it.
const earthAt = (centre: Centre) => sql`ylt_earth(${centre.lat}::float8, ${centre.lng}::float8)`;
const earthOf = (table: AreaColumns) => sql`ylt_earth(${table.areaLat}, ${table.areaLng})`;

/** The radius of earthdistance's sphere (its earth()), in metres: distances agree with its box. */
export const EARTH_RADIUS_M = 6_378_168;

/**
 * Great-circle metres from `centre` to the row's area centre (null when the row has none), in plain
 * arithmetic (haversine, clamped for antipodes). Not earth_distance(ylt_earth(…)): a function with
 * its own search path runs as a separate SQL call for every row (about 0.1 ms each: 1.5 s for the
 * 7,000 rows of a 50 km box on PostgreSQL 15).
 */
export function distanceMeters(table: AreaColumns, centre: Centre): SQL<number | null> {
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  const haversine = sql`power(sin(radians(${table.areaLat} - ${centre.lat}::float8) / 2), 2) + cos(radians(${table.areaLat})) * ${cosLat}::float8 * power(sin(radians(${table.areaLng} - ${centre.lng}::float8) / 2), 2)`;
  // least() skips nulls: a row without an area must stay null, not become the far side of the globe.
  return sql<
    number | null
  >`(case when ${table.areaLat} is null then null else ${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(${haversine}))) end)`;
}

/**
 * Rows whose area centre lies within `km` of `centre`: the cube box walks the GiST index on
 * ylt_earth(area_lat, area_lng) (partial: rows with an area; the box is worked out once), the
 * distance trims its corners.
 */
export function withinKm(table: AreaColumns, centre: Centre, km: number): SQL {
  const meters = km * 1000;
  return sql`(${table.areaLat} is not null and earth_box(${earthAt(centre)}, ${meters}::float8) @> ${earthOf(table)} and ${distanceMeters(table, centre)} <= ${meters}::float8)`;
}

/**
 * Rows whose area lies within `km` of `centre`, by distance alone (no index). The planner cannot
 * estimate how many rows withinKm's box holds (it takes any box for a few rows), so it would read
 * every post of a crowded region through the area index and sort them; this plain condition lets it
 * walk the time or the words' index instead, checking each row's distance (a few arithmetic
 * operations). Use it where the rows to check are already few (a window of recent posts, a words'
 * match), and withinKm where the region may hold few of many rows.
 */
export function closeTo(table: AreaColumns, centre: Centre, km: number): SQL {
  return sql`(${table.areaLat} is not null and ${distanceMeters(table, centre)} <= ${km * 1000}::float8)`;
}

/**
 * The centre of a distance filter: the place `near` (a gazetteer id; 400 when unknown), else the
 * viewer's own area; null when neither exists.
 */
export function distanceCentre(viewer: Viewer | null, near: number | undefined): Centre | null {
  if (near !== undefined) {
    const place = placeById(near);
    if (!place)
      throw badRequest("That place is not in our list of towns.", { near: "is not a known place" });
    return { lat: place.lat, lng: place.lng };
  }
  const profile = viewer?.profile;
  if (profile && profile.areaLat !== null && profile.areaLng !== null) {
    return { lat: profile.areaLat, lng: profile.areaLng };
  }
  return null;
}

/**
 * The centre for a request's `within`/`near`: null without `within` and `near`; a 400 on `within`
 * when `within` is asked with no centre to measure from.
 */
export function requestedCentre(
  viewer: Viewer | null,
  filter: { within?: number | undefined; near?: number | undefined },
): Centre | null {
  const centre = distanceCentre(viewer, filter.near);
  if (filter.within !== undefined && !centre) {
    throw badRequest("Choose your area on your profile (or a place) to search by distance.", {
      within: "needs your area or a place (near)",
    });
  }
  return centre;
}
