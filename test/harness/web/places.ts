import type { Area, Place } from "../../../src/shared/places.ts";
import type { ApiAnswer, ApiRequest } from "./fake-api.ts";

// Places and areas (issue 18) as the web app's Testing Library tests' fake server answers them.

export const CAMBRIDGE: Place = { id: 2653941, name: "Cambridge", country: "GB", region: "ENG" };
export const CAMBRIDGE_MA: Place = { id: 4931972, name: "Cambridge", country: "US", region: "MA" };
export const CAMBORNE: Place = { id: 2653955, name: "Camborne", country: "GB", region: "ENG" };
export const ELY: Place = { id: 2650119, name: "Ely", country: "GB", region: "ENG" };

const PLACES = [CAMBRIDGE, CAMBRIDGE_MA, CAMBORNE, ELY];

/** The area a profile or post carries for `place`. */
export function areaOf({ id, name, country }: Place): Area {
  return { id, name, country };
}

/**
 * GET /places?q= as the server answers it (names starting with q, any case), and GET /places/:id
 * (issue 33), or undefined for any other request.
 */
export function placesAnswer(request: ApiRequest, places: Place[] = PLACES): ApiAnswer | undefined {
  const url = new URL(request.path, "http://app.test");
  const byId = /^\/places\/(\d+)$/.exec(url.pathname);
  if (byId) {
    const place = places.find((candidate) => candidate.id === Number(byId[1]));
    return place ? { status: 200, body: { place } } : { status: 404 };
  }
  if (url.pathname !== "/places") return undefined;
  const q = (url.searchParams.get("q") ?? "").toLowerCase();
  return {
    status: 200,
    body: { places: places.filter((place) => place.name.toLowerCase().startsWith(q)) },
  };
}

/** The place searches the app sent (their `q`), in order. */
export function placeQueries(requests: ApiRequest[]): string[] {
  return requests
    .filter((request) => request.path.startsWith("/places?"))
    .map((request) => new URL(request.path, "http://app.test").searchParams.get("q") ?? "");
}
