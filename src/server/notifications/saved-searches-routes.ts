import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  type CreateSavedSearchBody,
  createSavedSearchSchema,
  SAVED_SEARCHES_MAX,
  savedSearchesResponseSchema,
  savedSearchIdParamsSchema,
  savedSearchResponseSchema,
} from "../../shared/saved-searches.ts";
import { requireMember } from "../auth/index.ts";
import { badRequest, notFound } from "../http/app-error.ts";
import { type Centre, requestedCentre } from "../places/index.ts";
import { searchTextOf } from "../search/index.ts";
import { write } from "../write/index.ts";
import { presentSavedSearch } from "./saved-search-presenter.ts";
import {
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  type NewSavedSearch,
} from "./saved-searches-repository.ts";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const membersOnly = { preHandler: requireMember };

/** The row to store for `body`: its words as typed and ready for SQL, its filters and centre. */
function savedSearchOf(
  userId: string,
  body: CreateSavedSearchBody,
  centre: Centre | null,
): NewSavedSearch {
  const { q, type, topic, within, near, delivery } = body;
  const text = searchTextOf(q);
  return {
    userId,
    query: text ? (q ?? null) : null,
    tsquery: text?.tsquery ?? null,
    plain: text?.plain ?? null,
    type: type ?? null,
    topic: topic || null,
    withinKm: centre ? (within ?? null) : null,
    nearId: centre ? (near ?? null) : null,
    areaLat: centre?.lat ?? null,
    areaLng: centre?.lng ?? null,
    delivery,
  };
}

/**
 * A member's saved searches (issue 30): "Alert me" saves a search of posts (its words, type,
 * topic and distance; at most SAVED_SEARCHES_MAX), the list, and deleting one's own (404 for any
 * other id).
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/saved-searches",
    { ...membersOnly, schema: { response: { 200: savedSearchesResponseSchema, ...errors } } },
    async (request) => ({
      saved_searches: (await listSavedSearches(db, request.member.identity.id)).map(
        presentSavedSearch,
      ),
    }),
  );

  app.post(
    "/saved-searches",
    {
      preValidation: requireMember,
      schema: {
        body: createSavedSearchSchema,
        response: { 201: savedSearchResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { within, near } = request.body;
      // A distance needs a centre (the place, else the member's area): a 400 without one.
      const centre =
        within === undefined ? null : requestedCentre(request.member, { within, near });
      const search = savedSearchOf(request.member.identity.id, request.body, centre);
      const { value: row } = await write(db, (tx) =>
        insertSavedSearch(tx, search, SAVED_SEARCHES_MAX),
      );
      if (!row) {
        throw badRequest(
          `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
        );
      }
      return reply.status(201).send({ saved_search: presentSavedSearch(row) });
    },
  );

  app.delete(
    "/saved-searches/:id",
    {
      ...membersOnly,
      schema: {
        params: savedSearchIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { identity } = request.member;
      const { value: deleted } = await write(db, (tx) =>
        deleteSavedSearch(tx, identity.id, request.params.id),
      );
      if (!deleted) throw notFound("You have no saved search with that id.");
      return reply.status(204).send(null);
    },
  );
};
