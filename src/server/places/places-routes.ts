import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import { placesQuerySchema, placesResponseSchema } from "../../shared/places.ts";
import { distanceCentre } from "./distance.ts";
import { searchPlaces } from "./gazetteer.ts";

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
};
