import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import { placesQuerySchema, placesResponseSchema } from "../../shared/places.ts";
import { searchPlaces } from "./gazetteer.ts";

/**
 * GET /api/places?q=&limit= (issue 18): the area autocomplete, public. The gazetteer ships with the
 * server and never changes while it runs, so browsers may keep an answer for a day.
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
      reply.header("Cache-Control", "public, max-age=86400");
      return { places: searchPlaces(q, limit) };
    },
  );
};
