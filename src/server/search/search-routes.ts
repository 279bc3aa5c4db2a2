import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  SEARCH_PAGE_MAX,
  searchPeopleQuerySchema,
  searchPeopleResponseSchema,
  searchPostsQuerySchema,
  searchPostsResponseSchema,
} from "../../shared/search.ts";
import { requestedCentre } from "../places/index.ts";
import { presentPersonHit, presentPostHit } from "./search-presenter.ts";
import {
  type CommonFilter,
  type SearchPage,
  searchPeople,
  searchPosts,
} from "./search-repository.ts";
import { searchTextOf } from "./search-text.ts";

const responses = { 400: apiErrorSchema };

type SearchPostsQuery = z.infer<typeof searchPostsQuerySchema>;

/** The next page's number: none after the last page, nor beyond SEARCH_PAGE_MAX (refine instead). */
const nextPage = (page: number, result: SearchPage<unknown>) =>
  result.more && page < SEARCH_PAGE_MAX ? page + 1 : null;

/** What both searches take from their query and viewer: the words, the centre, who is left out, the page. */
async function commonFilter(
  app: FastifyInstance,
  viewer: Awaited<FastifyRequest["viewer"]>,
  query: Pick<SearchPostsQuery, "q" | "within" | "near" | "page">,
): Promise<CommonFilter> {
  const { q, within, near, page } = query;
  return {
    text: searchTextOf(q),
    centre: requestedCentre(viewer, { within, near }),
    withinKm: within,
    excludedAuthors: await app.blocks.ofViewer(viewer),
    page,
  };
}

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
      const { type, topic, skill, page } = request.query;
      const { db } = app.database;
      const common = await commonFilter(app, await request.viewer, request.query);
      const result = await searchPosts(db, {
        ...common,
        now: app.clock.now(),
        type,
        topic: topic || undefined,
        skill: skill || undefined,
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
      const { skill, page } = request.query;
      const { db } = app.database;
      const common = await commonFilter(app, await request.viewer, request.query);
      const result = await searchPeople(db, { ...common, skill: skill || undefined });
      return { users: result.hits.map(presentPersonHit), nextPage: nextPage(page, result) };
    },
  );
};
