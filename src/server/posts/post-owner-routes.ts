import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import { postParamsSchema, postResponseSchema, updatePostSchema } from "../../shared/posts.ts";
import { requireProfile, type ViewerWithProfile } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { limitedWrite } from "../limits/index.ts";
import { chosenArea } from "../places/index.ts";
import { forgetPostChange } from "./post-cache.ts";
import { noSuchPost, notYourPost, postRemoved } from "./post-errors.ts";
import {
  deletePost,
  type PostChanges,
  setPostFilled,
  updatePost,
  wasRemoved,
} from "./post-owner-repository.ts";
import { presentPost } from "./post-presenter.ts";
import { mayRead } from "./post-visibility.ts";
import { findPostById, type PostRow } from "./posts-repository.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * The signed-in author of post `id`, or the refusal: 401 signed out, 403 without a profile, 404 when
 * there is no such post (post-removed when its author deleted it) or the viewer may not read it,
 * 403 when it is someone else's. Read fresh, not from the cache.
 */
async function requireOwnPost(
  db: Db,
  request: FastifyRequest,
  id: number,
): Promise<ViewerWithProfile> {
  const viewer = await requireProfile(request);
  const post = await findPostById(db, id);
  if (!post) throw (await wasRemoved(db, id)) ? postRemoved() : noSuchPost();
  if (!(await mayRead(db, post, viewer))) throw noSuchPost();
  if (post.authorUserId !== viewer.identity.id) throw notYourPost();
  return viewer;
}

const idOf = (request: { params: { article_id: string } }) => Number(request.params.article_id);

/**
 * The author's own tools (issue 19): edit, delete, mark filled and reopen. Each is one transaction
 * counted against the "edit" write limit, announcing the post's change to every instance; after it
 * commits this instance forgets the post at once.
 */
export const postOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const limits = () => app.config.writeLimits;

  /** Runs `write` for the author as an "edit"; a post gone meanwhile is a 404. */
  async function ownWrite<T>(
    viewer: ViewerWithProfile,
    id: number,
    write: (tx: Db, author: { id: string; username: string }) => Promise<T | null | false>,
  ): Promise<T> {
    const done = await limitedWrite(db, limits(), viewer.identity.id, "edit", (tx) =>
      write(tx, viewer.profile),
    );
    if (done === null || done === false) throw noSuchPost();
    forgetPostChange(db, id);
    return done;
  }

  app.patch(
    "/articles/:article_id",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: async (request) => {
        await requireProfile(request);
      },
      schema: {
        params: postParamsSchema,
        body: updatePostSchema,
        response: { 200: postResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = idOf(request);
      const viewer = await requireOwnPost(db, request, id);
      const { title, topic, body, type, area_id } = request.body;
      const changes: PostChanges = {
        ...(title !== undefined && { title }),
        ...(topic !== undefined && { topic }),
        ...(body !== undefined && { body }),
        ...(type !== undefined && { kind: type }),
        // An unknown place is refused here, before anything is written.
        ...(area_id !== undefined && chosenArea(area_id)),
      };
      const row = await ownWrite<PostRow>(viewer, id, (tx, author) =>
        updatePost(tx, author, id, changes),
      );
      return { article: presentPost({ ...row, authorImgUrl: viewer.profile.imgUrl }) };
    },
  );

  app.delete(
    "/articles/:article_id",
    {
      schema: {
        params: postParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const id = idOf(request);
      const viewer = await requireOwnPost(db, request, id);
      await ownWrite(viewer, id, (tx, author) => deletePost(tx, author, id));
      return reply.status(204).send(null);
    },
  );

  for (const [method, filled] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/articles/:article_id/filled",
      schema: {
        params: postParamsSchema,
        response: { 200: postResponseSchema, ...errors },
      },
      handler: async (request) => {
        const id = idOf(request);
        const viewer = await requireOwnPost(db, request, id);
        const row = await ownWrite<PostRow>(viewer, id, (tx, author) =>
          setPostFilled(tx, author, id, filled),
        );
        return { article: presentPost({ ...row, authorImgUrl: viewer.profile.imgUrl }) };
      },
    });
  }
};
