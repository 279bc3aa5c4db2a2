import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  POST_RENEW_DAYS,
  postParamsSchema,
  postResponseSchema,
  updatePostSchema,
} from "../../shared/posts.ts";
import { requireMember, type ViewerWithProfile } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { chosenArea } from "../places/index.ts";
import { writeOrRefuse, writtenOrAnswer } from "../write/index.ts";
import { type PostOwnerRefusal, postOwnerAnswer } from "./post-errors.ts";
import { daysAfter } from "./post-expiry-time.ts";
import {
  deletePost,
  type PostChanges,
  renewPost,
  setPostFilled,
  updatePost,
} from "./post-owner-repository.ts";
import { postOwnership } from "./post-ownership.ts";
import { presentPost } from "./post-presenter.ts";
import type { PostRow } from "./posts-repository.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

const idOf = (request: { params: { article_id: string } }) => Number(request.params.article_id);

/**
 * Access hook after requireMember: the member is the author of post `article_id`, or the refusal:
 * 404 when there is no such post (post-removed when its author deleted it) or the member may not
 * read it, 403 when it is someone else's.
 */
async function requireOwnPost(
  request: FastifyRequest<{ Params: { article_id: string } }>,
): Promise<void> {
  const { server } = request;
  const owned = await postOwnership(
    server.database.db,
    server.blocks,
    idOf(request),
    request.member,
  );
  if (!owned.ok) throw postOwnerAnswer(owned.reason);
}

/**
 * The author's own tools (issue 19): edit, delete, mark filled and reopen, and renew (issue 32). Each is one transaction
 * counted against the "edit" write limit, announcing the post's change to every instance; after it
 * commits this instance forgets the post at once.
 */
export const postOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const limits = () => app.config.writeLimits;

  /** Runs `change` for the author as an "edit"; a post gone meanwhile is a 404. */
  async function ownWrite<T>(
    viewer: ViewerWithProfile,
    change: (
      tx: Db,
      author: { id: string; username: string },
    ) => Promise<WriteResult<T, PostOwnerRefusal>>,
  ): Promise<T> {
    return writtenOrAnswer(
      await writeOrRefuse(db, (tx) => change(tx, viewer.profile), {
        limits: limits(),
        userId: viewer.identity.id,
        action: "edit",
      }),
      postOwnerAnswer,
    );
  }

  app.patch(
    "/articles/:article_id",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: requireMember,
      preHandler: requireOwnPost,
      schema: {
        params: postParamsSchema,
        body: updatePostSchema,
        response: { 200: postResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = idOf(request);
      const viewer = request.member;
      const { title, topic, body, type, area_id } = request.body;
      const changes: PostChanges = {
        ...(title !== undefined && { title }),
        ...(topic !== undefined && { topic }),
        ...(body !== undefined && { body }),
        ...(type !== undefined && { kind: type }),
        // An unknown place is refused here, before anything is written.
        ...(area_id !== undefined && chosenArea(area_id)),
      };
      const row = await ownWrite<PostRow>(viewer, (tx, author) =>
        updatePost(tx, author, id, changes),
      );
      return { article: presentPost({ ...row, authorImgUrl: viewer.profile.imgUrl }) };
    },
  );

  app.delete(
    "/articles/:article_id",
    {
      preHandler: [requireMember, requireOwnPost],
      schema: {
        params: postParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const id = idOf(request);
      const viewer = request.member;
      await ownWrite(viewer, (tx, author) => deletePost(tx, author, id));
      return reply.status(204).send(null);
    },
  );

  // Renew (issue 32): up for POST_RENEW_DAYS from now, expired or not.
  app.post(
    "/articles/:article_id/renew",
    {
      preHandler: [requireMember, requireOwnPost],
      schema: { params: postParamsSchema, response: { 200: postResponseSchema, ...errors } },
    },
    async (request) => {
      const id = idOf(request);
      const viewer = request.member;
      const until = daysAfter(app.clock.now(), POST_RENEW_DAYS);
      const row = await ownWrite<PostRow>(viewer, (tx, author) => renewPost(tx, author, id, until));
      return { article: presentPost({ ...row, authorImgUrl: viewer.profile.imgUrl }) };
    },
  );

  for (const [method, filled] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/articles/:article_id/filled",
      preHandler: [requireMember, requireOwnPost],
      schema: {
        params: postParamsSchema,
        response: { 200: postResponseSchema, ...errors },
      },
      handler: async (request) => {
        const id = idOf(request);
        const viewer = request.member;
        const row = await ownWrite<PostRow>(viewer, (tx, author) =>
          setPostFilled(tx, author, id, filled),
        );
        return { article: presentPost({ ...row, authorImgUrl: viewer.profile.imgUrl }) };
      },
    });
  }
};
