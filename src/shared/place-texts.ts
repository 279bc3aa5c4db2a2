/*
 * How places, areas and distances read (issue 18). Apart from places.ts, which re-exports it, so
 * that cards and the search page show them without loading zod.
 */

/** The distance filter's choices, in km from the centre (the viewer's area, or `near`). */
export const SEARCH_DISTANCES_KM = [5, 10, 25, 50] as const;
export type SearchDistanceKm = (typeof SEARCH_DISTANCES_KM)[number];

/** "Cambridge, ENG, GB": a place told apart from others of the same name. */
export function placeLabel(place: { name: string; region: string; country: string }): string {
  return [place.name, place.region, place.country].filter(Boolean).join(", ");
}

/** "Cambridge, GB": an area as cards and pages show it. */
export function areaLabel(area: { name: string; country: string }): string {
  return `${area.name}, ${area.country}`;
}

/**
 * A distance as answers carry it, in km: whole km up to 10, then to the nearest 5, never below 1,
 * so answers never tell more than the towns' names already do.
 */
export function roundedDistanceKm(meters: number): number {
  const km = meters / 1000;
  if (km < 10) return Math.max(1, Math.round(km));
  return Math.round(km / 5) * 5;
}

/** "~10 km". */
export function distanceText(km: number): string {
  return `~${km} km`;
}
