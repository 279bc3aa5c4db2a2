import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  SEARCH_PAGE_MAX,
  searchPeopleQuerySchema,
  searchPeopleResponseSchema,
  searchPostsQuerySchema,
  searchPostsResponseSchema,
} from "../../shared/search.ts";
import { getViewer } from "../auth/index.ts";
import { blockedByViewer } from "../blocks/index.ts";
import { requestedCentre } from "../places/index.ts";
import { presentPersonHit, presentPostHit } from "./search-presenter.ts";
import { type SearchPage, searchPeople, searchPosts } from "./search-repository.ts";
import { searchTextOf } from "./search-text.ts";

const responses = { 400: apiErrorSchema };

/** The next page's number: none after the last page, nor beyond SEARCH_PAGE_MAX (refine instead). */
const nextPage = (page: number, result: SearchPage<unknown>) =>
  result.more && page < SEARCH_PAGE_MAX ? page + 1 : null;

/**
 * GET /api/search/posts and /api/search/people (issue 18): public; a signed-in viewer's blocks
 * apply, and their area is the centre of distances unless `near` names a place.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search/posts",
    {
      schema: {
        querystring: searchPostsQuerySchema,
        response: { 200: searchPostsResponseSchema, ...responses },
      },
    },
    async (request) => {
      const { q, type, topic, within, near, page } = request.query;
      const { db } = app.database;
      const viewer = await getViewer(request);
      const centre = requestedCentre(viewer, { within, near });
      const result = await searchPosts(db, {
        text: searchTextOf(q),
        type,
        topic: topic || undefined,
        centre,
        withinKm: within,
        excludedAuthors: await blockedByViewer(db, viewer),
        page,
      });
      return { articles: result.hits.map(presentPostHit), nextPage: nextPage(page, result) };
    },
  );

  app.get(
    "/search/people",
    {
      schema: {
        querystring: searchPeopleQuerySchema,
        response: { 200: searchPeopleResponseSchema, ...responses },
      },
    },
    async (request) => {
      const { q, skill, within, near, page } = request.query;
      const { db } = app.database;
      const viewer = await getViewer(request);
      const centre = requestedCentre(viewer, { within, near });
      const result = await searchPeople(db, {
        text: searchTextOf(q),
        skill,
        centre,
        withinKm: within,
        excludedAuthors: await blockedByViewer(db, viewer),
        page,
      });
      return { users: result.hits.map(presentPersonHit), nextPage: nextPage(page, result) };
    },
  );
};
