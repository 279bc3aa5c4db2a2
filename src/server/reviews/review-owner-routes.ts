import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  reviewParamsSchema,
  reviewReplyBodySchema,
  reviewReplyResponseSchema,
  reviewResponseSchema,
  updateReviewBodySchema,
} from "../../shared/reviews.ts";
import { requireMember, type ViewerWithProfile } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { type AppError, forbidden, notFound } from "../http/app-error.ts";
import { writeOrRefuse, writtenOrAnswer } from "../write/index.ts";
import {
  type AfterRemoved,
  editReview,
  type ReviewOwnerRefusal,
  removeReply,
  removeReview,
  writeReply,
} from "./review-owner-changes.ts";
import { presentReply, presentReview } from "./review-presenter.ts";

const noSuchReview = () => notFound("This review no longer exists, or you can't see it.");

/** The HTTP answer to each reason an owner's change was refused. */
const answers: Record<ReviewOwnerRefusal, () => AppError> = {
  "no-such-review": noSuchReview,
  "not-your-review": () => forbidden("You can only change your own reviews."),
  "not-your-reply": () => forbidden("Only the member reviewed can reply."),
  "no-reply": () => notFound("This review has no reply."),
};

/** What app.ts passes in: what a deletion writes besides (moderation closes the reports). */
export type ReviewOwnerRoutesOptions = { afterRemoved: AfterRemoved };

/** The review's author edits or deletes it; its subject writes, rewrites or deletes the one reply. */
export const reviewOwnerRoutes: FastifyPluginAsyncZod<ReviewOwnerRoutesOptions> = async (
  app,
  { afterRemoved },
) => {
  const db = app.database.db;
  const limits = app.config.writeLimits;
  /** `change` as one "edit" of `actor`'s: past the write limit a 429; refused, nothing written. */
  const editWrite = async <T>(
    actor: ViewerWithProfile,
    change: (tx: Db) => Promise<WriteResult<T, ReviewOwnerRefusal>>,
  ) =>
    writtenOrAnswer(
      await writeOrRefuse(db, change, { limits, userId: actor.identity.id, action: "edit" }),
      (reason) => answers[reason](),
    );
  const idOf = (request: { params: { review_id: string } }) => Number(request.params.review_id);

  app.patch(
    "/reviews/:review_id",
    {
      preHandler: requireMember,
      schema: {
        params: reviewParamsSchema,
        body: updateReviewBodySchema,
        response: { 200: reviewResponseSchema },
      },
    },
    async (request) => {
      const actor = request.member;
      const record = await editWrite(actor, (tx) =>
        editReview(tx, actor, idOf(request), request.body),
      );
      if (!record) throw noSuchReview();
      return { review: presentReview(record, app.clock.now()) };
    },
  );

  app.put(
    "/reviews/:review_id/reply",
    {
      preHandler: requireMember,
      schema: {
        params: reviewParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: reviewReplyResponseSchema, 201: reviewReplyResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = request.member;
      const { created, record } = await editWrite(actor, (tx) =>
        writeReply(tx, actor, idOf(request), request.body.body),
      );
      if (!record?.reply) throw noSuchReview();
      return reply.status(created ? 201 : 200).send({ reply: presentReply(record.reply) });
    },
  );

  for (const [url, remove] of [
    ["/reviews/:review_id", removeReview],
    ["/reviews/:review_id/reply", removeReply],
  ] as const) {
    app.delete(
      url,
      { preHandler: requireMember, schema: { params: reviewParamsSchema } },
      async (request, reply) => {
        const actor = request.member;
        await editWrite(actor, (tx) => remove(tx, actor, idOf(request), afterRemoved));
        return reply.status(204).send();
      },
    );
  }
};
