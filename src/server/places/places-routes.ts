import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  placeParamsSchema,
  placeResponseSchema,
  placesQuerySchema,
  placesResponseSchema,
} from "../../shared/places.ts";
import { notFound } from "../http/app-error.ts";
import { distanceCentre } from "./distance.ts";
import { placeById, searchPlaces } from "./gazetteer.ts";

/**
 * GET /api/places?q=&limit= (issue 18): the area autocomplete, public; a member with an area gets
 * the towns near it first. The answer depends on the viewer, so only their browser keeps it.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/places",
    {
      schema: {
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const near = distanceCentre(await request.viewer, undefined) ?? undefined;
      reply.header("Cache-Control", "private, max-age=3600");
      return { places: searchPlaces(q, limit, near) };
    },
  );

  // Issue 33: the town a shared address names (`near=`), by id; the same for everyone, for a day.
  app.get(
    "/places/:id",
    {
      schema: {
        params: placeParamsSchema,
        response: { 200: placeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const place = placeById(request.params.id);
      if (!place) throw notFound("That place is not in our list of towns.");
      reply.header("Cache-Control", "public, max-age=86400");
      return {
        place: { id: place.id, name: place.name, country: place.country, region: place.region },
      };
    },
  );
};
