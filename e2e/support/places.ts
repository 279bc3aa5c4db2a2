import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { placeById } from "../../src/server/places/gazetteer.ts";

// Towns of the gazetteer for the "near me" journeys (issue 18): Cambridge, a village ~9 km away and
// a town ~77 km away. The distances are computed from the gazetteer here, not assumed.
export const CAMBRIDGE_ID = 2653941;
export const WATERBEACH_ID = 2634701;
export const AYLESBURY_ID = 2656719;

/** Great-circle km between two gazetteer places (what earthdistance measures, near enough). */
export function kmBetween(fromId: number, toId: number): number {
  const from = placeById(fromId);
  const to = placeById(toId);
  if (!from || !to) throw new Error(`unknown place ${from ? toId : fromId}`);
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(to.lat - from.lat) / 2) ** 2 +
    Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(rad(to.lng - from.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Sets the signed-in member's area through the API (for members the journey is not about). */
export async function setAreaByApi(
  request: APIRequestContext,
  username: string,
  placeId: number,
): Promise<void> {
  const res = await request.put(`/api/users/${username}`, { data: { area_id: placeId } });
  expect(res.status(), await res.text()).toBe(200);
}
