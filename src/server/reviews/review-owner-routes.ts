import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canChangeReview, canReplyToReview } from "../../shared/policies.ts";
import {
  reviewParamsSchema,
  reviewReplyBodySchema,
  reviewReplyResponseSchema,
  reviewResponseSchema,
  updateReviewBodySchema,
} from "../../shared/reviews.ts";
import { requireProfile, type ViewerWithProfile } from "../auth/index.ts";
import { isBlocked } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/index.ts";
import { closeReportsOnRemoved } from "../moderation/index.ts";
import {
  deleteReply,
  deleteReview,
  lockReview,
  putReply,
  type ReviewAccess,
  updateReview,
} from "./review-owner-repository.ts";
import { presentReply, presentReview } from "./review-presenter.ts";
import { findReview, type ReviewReader } from "./reviews-repository.ts";

const noSuchReview = () => notFound("This review no longer exists, or you can't see it.");
const notYourReview = () => forbidden("You can only change your own reviews.");
const notYourReply = () => forbidden("Only the member reviewed can reply.");

const readerOf = (actor: ViewerWithProfile): ReviewReader => ({
  userId: actor.identity.id,
  profileId: actor.profile.id,
  moderator: actor.moderator,
});

/**
 * Review `id` locked for `actor`'s write, when they may see it: not when moderators hid it (or its
 * subject's profile) and it is not theirs, nor when they blocked its author. 404 otherwise.
 */
async function visibleReview(tx: Db, id: number, actor: ViewerWithProfile): Promise<ReviewAccess> {
  const review = await lockReview(tx, id);
  if (!review) throw noSuchReview();
  const userId = actor.identity.id;
  const hiddenFromActor =
    !actor.moderator &&
    ((review.hidden && review.authorUserId !== userId) ||
      (review.subjectHidden && review.subjectUserId !== userId));
  if (hiddenFromActor || (await isBlocked(tx, userId, review.authorUserId))) throw noSuchReview();
  return review;
}

/** The review's author edits or deletes it; its subject writes, rewrites or deletes the one reply. */
export const reviewOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const limits = app.config.writeLimits;
  const ofReview = (review: ReviewAccess) => ({ username: review.authorUsername });
  const aboutSubject = (review: ReviewAccess) => ({ created_about: review.subjectUsername });

  app.patch(
    "/reviews/:review_id",
    {
      schema: {
        params: reviewParamsSchema,
        body: updateReviewBodySchema,
        response: { 200: reviewResponseSchema },
      },
    },
    async (request) => {
      const actor = await requireProfile(request);
      const id = Number(request.params.review_id);
      const record = await limitedWrite(db, limits, actor.identity.id, "edit", async (tx) => {
        const review = await visibleReview(tx, id, actor);
        if (!canChangeReview(actor.profile, ofReview(review))) throw notYourReview();
        await updateReview(tx, id, request.body);
        return findReview(tx, id, readerOf(actor));
      });
      if (!record) throw noSuchReview();
      return { review: presentReview(record) };
    },
  );

  app.delete(
    "/reviews/:review_id",
    { schema: { params: reviewParamsSchema } },
    async (request, reply) => {
      const actor = await requireProfile(request);
      const id = Number(request.params.review_id);
      await limitedWrite(db, limits, actor.identity.id, "edit", async (tx) => {
        const review = await visibleReview(tx, id, actor);
        if (!canChangeReview(actor.profile, ofReview(review))) throw notYourReview();
        await deleteReview(tx, id);
        const key = String(id);
        await closeReportsOnRemoved(tx, [
          { type: "review", key },
          { type: "review-reply", key },
        ]);
      });
      return reply.status(204).send();
    },
  );

  app.put(
    "/reviews/:review_id/reply",
    {
      schema: {
        params: reviewParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: reviewReplyResponseSchema, 201: reviewReplyResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireProfile(request);
      const id = Number(request.params.review_id);
      const { created, record } = await limitedWrite(
        db,
        limits,
        actor.identity.id,
        "edit",
        async (tx) => {
          const review = await visibleReview(tx, id, actor);
          if (!canReplyToReview(actor.profile, aboutSubject(review))) throw notYourReply();
          const { created } = await putReply(tx, id, request.body.body);
          return { created, record: await findReview(tx, id, readerOf(actor)) };
        },
      );
      if (!record?.reply) throw noSuchReview();
      return reply.status(created ? 201 : 200).send({ reply: presentReply(record.reply) });
    },
  );

  app.delete(
    "/reviews/:review_id/reply",
    { schema: { params: reviewParamsSchema } },
    async (request, reply) => {
      const actor = await requireProfile(request);
      const id = Number(request.params.review_id);
      await limitedWrite(db, limits, actor.identity.id, "edit", async (tx) => {
        const review = await visibleReview(tx, id, actor);
        if (!canReplyToReview(actor.profile, aboutSubject(review))) throw notYourReply();
        if (!(await deleteReply(tx, id))) throw notFound("This review has no reply.");
        await closeReportsOnRemoved(tx, [{ type: "review-reply", key: String(id) }]);
      });
      return reply.status(204).send();
    },
  );
};
