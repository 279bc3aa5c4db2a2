import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  memberPostsParamsSchema,
  memberPostsQuerySchema,
  postsPageSchema,
} from "../../shared/posts.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { decodeCursor, encodeCursor } from "../db/position-cursor.ts";
import { badRequest } from "../http/app-error.ts";
import { listMemberPosts } from "./member-posts-repository.ts";
import { presentPost } from "./post-presenter.ts";

/**
 * GET /api/users/username/{username}/articles (issue 32): the profile's lists of the member's
 * posts, "open" (neither filled nor expired) or "past" (filled or expired), newest first, a page at
 * a time. An unknown member has no posts: an empty list, as the profile itself says who exists.
 */
export const memberPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users/username/:username/articles",
    {
      schema: {
        params: memberPostsParamsSchema,
        querystring: memberPostsQuerySchema,
        response: { 200: postsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { state, limit, cursor } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) {
        throw badRequest("This list of posts is out of date. Please reload the page.", {
          cursor: "is not a valid cursor",
        });
      }
      const viewer = await request.viewer;
      const rows = await listMemberPosts(app.database.db, {
        username: storedUsername(request.params.username),
        state,
        now: app.clock.now(),
        limit: limit + 1,
        after,
        excludedAuthors: await app.blocks.ofViewer(viewer),
      });
      // Depends on who asks (their blocks): never from a shared cache.
      reply.header("Cache-Control", "private, no-cache").header("Vary", "Cookie");
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        articles: page.map(presentPost),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  );
};
