import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  TOWN_POSITION_DECIMALS,
  type TownCount,
  townMapQuerySchema,
  townMapResponseSchema,
} from "../../shared/town-map.ts";
import { placeById, requestedCentre } from "../places/index.ts";
import { searchTextOf } from "./search-text.ts";
import { peopleByTown, postsByTown, type TownTally } from "./town-counts.ts";

const rounded = (degrees: number) => Number(degrees.toFixed(TOWN_POSITION_DECIMALS));

/**
 * Each town's counts with its name and rounded gazetteer centre, most results first. A town the
 * gazetteer no longer has is left out (nothing to place it by).
 */
function townsOf(postTallies: TownTally[], peopleTallies: TownTally[]): TownCount[] {
  const byId = new Map<number, { posts: number; people: number }>();
  const entry = (id: number) => {
    const found = byId.get(id) ?? { posts: 0, people: 0 };
    byId.set(id, found);
    return found;
  };
  for (const { areaId, count } of postTallies) entry(areaId).posts = count;
  for (const { areaId, count } of peopleTallies) entry(areaId).people = count;
  const towns: TownCount[] = [];
  for (const [id, counts] of byId) {
    const place = placeById(id);
    if (!place) continue;
    const position: [number, number] = [rounded(place.lat), rounded(place.lng)];
    towns.push({ id, name: place.name, country: place.country, position, ...counts });
  }
  return towns.sort((a, b) => b.posts + b.people - (a.posts + a.people) || a.id - b.id);
}

/**
 * GET /api/search/towns (issue 33): the results of /search by town for its map, with the same
 * filters, blocks and visibility as the two searches, and the map's tiles. Public.
 */
export const townMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search/towns",
    {
      schema: {
        querystring: townMapQuerySchema,
        response: { 200: townMapResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { q, within, near, type, topic, skill } = request.query;
      const viewer = await request.viewer;
      const search = {
        text: searchTextOf(q),
        centre: requestedCentre(viewer, { within, near }),
        withinKm: within,
        excludedAuthors: await app.blocks.ofViewer(viewer),
        now: app.clock.now(),
        type,
        topic: topic || undefined,
        skill,
      };
      const { db } = app.database;
      const [postTallies, peopleTallies] = await Promise.all([
        postsByTown(db, search),
        peopleByTown(db, search),
      ]);
      const { tileUrl, tileAttribution } = app.config.map;
      return {
        towns: townsOf(postTallies, peopleTallies),
        tiles: { url: tileUrl, attribution: tileAttribution },
      };
    },
  );
};
