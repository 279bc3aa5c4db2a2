import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  type ArticleResponse,
  type ArticlesPage,
  articleParamsSchema,
  articleResponseSchema,
  articlesPageSchema,
  createArticleSchema,
  listArticlesQuerySchema,
} from "../../shared/posts.ts";
import { requireProfile } from "../auth/viewer.ts";
import { badRequest, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/write-limits.ts";
import { decodeCursor, encodeCursor } from "./article-cursor.ts";
import { presentArticle } from "./article-presenter.ts";
import {
  type ArticleRow,
  articleStored,
  findArticleById,
  insertArticle,
  listArticles,
} from "./posts-repository.ts";

/**
 * The feed's first page and a post by id come from an in-process cache (posts-repository.ts) as the
 * same row objects until it refreshes: answering the same response object for them lets the
 * serializer reuse its JSON (http/serializer.ts).
 */
const pages = new WeakMap<ArticleRow[], ArticlesPage>();
const articleResponses = new WeakMap<ArticleRow, ArticleResponse>();

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/articles",
    {
      schema: {
        querystring: listArticlesQuerySchema,
        response: { 200: articlesPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { limit, cursor, topic } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) {
        throw badRequest("This list of posts is out of date. Please reload the feed.", {
          cursor: "is not a valid cursor",
        });
      }
      // One row more than asked tells whether an older page exists.
      const rows = await listArticles(app.database.db, {
        limit: limit + 1,
        topic: topic || undefined,
        after,
      });
      const known = pages.get(rows);
      if (known) return known;
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const answer = {
        articles: page.map(presentArticle),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
      pages.set(rows, answer);
      return answer;
    },
  );

  app.post(
    "/articles",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: async (request) => {
        await requireProfile(request);
      },
      schema: {
        body: createArticleSchema,
        response: {
          201: articleResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { identity, profile } = await requireProfile(request);
      const { db } = app.database;
      const row = await limitedWrite(db, app.config.writeLimits, identity.id, "post", (tx) =>
        insertArticle(tx, profile, request.body),
      );
      articleStored(db);
      return reply.status(201).send({ article: presentArticle(row) });
    },
  );

  app.get(
    "/articles/:article_id",
    {
      schema: {
        params: articleParamsSchema,
        response: { 200: articleResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await findArticleById(app.database.db, Number(request.params.article_id));
      if (!row) throw notFound("This post does not exist. It may have been removed.");
      let answer = articleResponses.get(row);
      if (!answer) {
        answer = { article: presentArticle(row) };
        articleResponses.set(row, answer);
      }
      return answer;
    },
  );
};
