import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canReview } from "../../shared/policies.ts";
import { storedUsername } from "../../shared/profiles.ts";
import {
  createReviewBodySchema,
  reviewResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from "../../shared/reviews.ts";
import { requireMember } from "../auth/index.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/app-error.ts";
import { writeOrRefuse, writtenOrAnswer } from "../write/index.ts";
import { newAccountUntil } from "./new-account.ts";
import { decodeReviewCursor, encodeReviewCursor } from "./review-cursor.ts";
import { type ReviewOwnerRoutesOptions, reviewOwnerRoutes } from "./review-owner-routes.ts";
import { presentReview } from "./review-presenter.ts";
import { insertReview, listReviewsAbout, type ReviewRefusal } from "./reviews-repository.ts";

const noSuchUser = (username: string) => notFound(`There is no user named "${username}".`);
const selfReview = () => forbidden("You cannot review yourself.", "self-review");

/** The answer to a review the repository did not store, about `subject` as the request named it. */
function refusal(reason: ReviewRefusal, subject: string) {
  if (reason === "no-subject") return noSuchUser(subject);
  if (reason === "self-review") return selfReview();
  return conflict("already-reviewed", `You have already reviewed ${storedUsername(subject)}.`);
}

export const reviewsRoutes: FastifyPluginAsyncZod<ReviewOwnerRoutesOptions> = async (
  app,
  options,
) => {
  const db = app.database.db;
  await app.register(reviewOwnerRoutes, options);

  app.get(
    "/reviews",
    { schema: { querystring: reviewsQuerySchema, response: { 200: reviewsResponseSchema } } },
    async (request) => {
      const viewer = await request.viewer;
      const reader = viewer && {
        userId: viewer.identity.id,
        profileId: viewer.profile?.id ?? null,
        moderator: viewer.moderator,
      };
      const { created_about, limit, cursor, by } = request.query;
      const after = cursor ? decodeReviewCursor(cursor) : null;
      if (cursor && !after) {
        throw badRequest("This list of reviews is out of date. Please reload the page.", {
          cursor: "is not a valid cursor",
        });
      }
      const now = app.clock.now();
      const page = await listReviewsAbout(db, created_about, reader, { limit, after, by, now });
      if (!page) throw noSuchUser(created_about);
      return {
        reviews: page.records.map((record) => presentReview(record, now)),
        nextCursor: page.next && encodeReviewCursor(page.next),
      };
    },
  );

  app.post(
    "/reviews",
    {
      preHandler: requireMember,
      schema: { body: createReviewBodySchema, response: { 201: reviewResponseSchema } },
    },
    async (request, reply) => {
      const { identity, profile: author } = request.member;
      const { created_about, title, body, rating } = request.body;
      if (!canReview(author, { username: storedUsername(created_about) })) throw selfReview();
      const limits = app.config.writeLimits;
      const now = app.clock.now();
      const heldUntil = await newAccountUntil(db, identity.id, app.config.newAccountHours, now);
      const record = writtenOrAnswer(
        await writeOrRefuse(
          db,
          (tx) =>
            insertReview(tx, {
              author,
              subjectUsername: created_about,
              title,
              body,
              rating,
              heldUntil,
            }),
          { limits, userId: identity.id, action: "review" },
        ),
        // A review refused here is not counted against the limit: nothing of it is kept.
        (reason) => refusal(reason, created_about),
      );
      return reply.status(201).send({ review: presentReview(record, now) });
    },
  );
};
