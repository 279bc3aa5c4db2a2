import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  createPostSchema,
  listPostsQuerySchema,
  POST_EXPIRY_DEFAULT_DAYS,
  type PostResponse,
  type PostsPage,
  postParamsSchema,
  postResponseSchema,
  postsPageSchema,
} from "../../shared/posts.ts";
import { requireMember, type Viewer } from "../auth/index.ts";
import type { Blocks } from "../blocks/index.ts";
import { decodeCursor, encodeCursor } from "../db/position-cursor.ts";
import { badRequest } from "../http/app-error.ts";
import { reuseAnsweredJson } from "../http/serializer.ts";
import { areaOf, chosenArea, requestedCentre } from "../places/index.ts";
import { write, writtenOrTooManyWrites } from "../write/index.ts";
import { memberPostsRoutes } from "./member-posts-routes.ts";
import type { CachedPost } from "./post-cache.ts";
import { noSuchPost, postRemoved } from "./post-errors.ts";
import { daysAfter } from "./post-expiry-time.ts";
import { wasRemoved } from "./post-owner-repository.ts";
import { postOwnerRoutes } from "./post-owner-routes.ts";
import { presentPost } from "./post-presenter.ts";
import { mayRead } from "./post-visibility.ts";
import {
  type FeedFilter,
  type FeedRow,
  findPostById,
  insertPost,
  isFiltered,
  listPosts,
} from "./posts-repository.ts";

/** A page of at most `limit` posts out of `rows`, read with one row more to tell if more exist. */
function presentPage(rows: FeedRow[], limit: number): PostsPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    articles: page.map(presentPost),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The post page as `viewer` may read it (post-visibility.ts) at `now`: a hidden or expired post
 * marked (a fresh object: the cached answer stays the same for everyone). Null: answer 404.
 */
async function postAsSeenBy(
  blocks: Blocks,
  post: CachedPost,
  viewer: Viewer | null,
  now: Date,
): Promise<PostResponse | null> {
  const { article } = post.answer;
  const access = { ...post, username: article.username };
  if (!(await mayRead(blocks, access, viewer))) return null;
  const expired = Date.parse(article.expires_at) <= now.getTime();
  if (!post.hidden && !expired) return post.answer;
  return {
    article: {
      ...article,
      ...(post.hidden && { hidden: true }),
      ...(expired && { expired: true }),
    },
  };
}

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.postCache;
  await app.register(postOwnerRoutes);
  await app.register(memberPostsRoutes);

  app.get(
    "/articles",
    {
      // The feed's first page is answered as the same object while cached: its JSON is reused.
      ...reuseAnsweredJson,
      schema: {
        querystring: listPostsQuerySchema,
        response: { 200: postsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { limit, cursor, topic, type, within, near } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) {
        throw badRequest("This list of posts is out of date. Please reload the feed.", {
          cursor: "is not a valid cursor",
        });
      }
      const { db } = app.database;
      const viewer = await request.viewer;
      // A centre only when asked for (within or near): the plain feed never shows distances.
      const centre =
        within !== undefined || near !== undefined
          ? requestedCentre(viewer, { within, near })
          : null;
      const filter: FeedFilter = {
        topic: topic || undefined,
        type,
        centre,
        withinKm: within,
        excludedAuthors: await app.blocks.ofViewer(viewer),
      };
      const now = app.clock.now();
      const read = async () =>
        presentPage(await listPosts(db, { limit: limit + 1, now, after, ...filter }), limit);
      // Filtered and deeper pages always read the database, and so does a reader who blocked
      // someone (the cached page is everyone's); otherwise, signed in or not, the first page is
      // shared.
      return isFiltered(filter) || after ? read() : cache.feedFirstPage(limit, now, read);
    },
  );

  app.post(
    "/articles",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: requireMember,
      schema: {
        body: createPostSchema,
        response: {
          201: postResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { identity, profile } = request.member;
      const { title, topic, body, type, area_id, expires_in_days } = request.body;
      const expiresAt = daysAfter(app.clock.now(), expires_in_days ?? POST_EXPIRY_DEFAULT_DAYS);
      // Left out: the author's area; an unknown place is refused here, before anything is written.
      const area = area_id === undefined ? areaOf(profile) : chosenArea(area_id);
      const { db } = app.database;
      const row = writtenOrTooManyWrites(
        await write(
          db,
          (tx) => insertPost(tx, profile, { title, topic, body, kind: type, expiresAt, ...area }),
          { limits: app.config.writeLimits, userId: identity.id, action: "post" },
        ),
      );
      return reply
        .status(201)
        .send({ article: presentPost({ ...row, authorImgUrl: profile.imgUrl }) });
    },
  );

  app.get(
    "/articles/:article_id",
    {
      // A cached post is answered as the same object: its JSON is reused.
      ...reuseAnsweredJson,
      schema: {
        params: postParamsSchema,
        response: { 200: postResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const id = Number(request.params.article_id);
      const { db } = app.database;
      const [post, viewer] = await Promise.all([
        cache.post(id, async () => {
          const row = await findPostById(db, id);
          if (!row) return null;
          const { authorUserId, hidden } = row;
          return { answer: { article: presentPost(row) }, authorUserId, hidden };
        }),
        request.viewer,
      ]);
      const answer = post && (await postAsSeenBy(app.blocks, post, viewer, app.clock.now()));
      if (answer) return answer;
      // Not kept by the cache: a removed post's address is asked for again and again only rarely.
      throw !post && (await wasRemoved(db, id)) ? postRemoved() : noSuchPost();
    },
  );
};
