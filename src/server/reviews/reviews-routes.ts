import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canReview } from "../../shared/policies.ts";
import { storedUsername } from "../../shared/profiles.ts";
import {
  createReviewBodySchema,
  reviewResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from "../../shared/reviews.ts";
import { getViewer, requireProfile } from "../auth/index.ts";
import { decodeCursor, encodeCursor } from "../db/position-cursor.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/index.ts";
import { reviewOwnerRoutes } from "./review-owner-routes.ts";
import { presentReview } from "./review-presenter.ts";
import { insertReview, listReviewsAbout, type ReviewRefusal } from "./reviews-repository.ts";

const noSuchUser = (username: string) => notFound(`There is no user named "${username}".`);
const selfReview = () => forbidden("You cannot review yourself.", "self-review");
/** The answer any refused review would get: nothing tells the author they were blocked. */
const refusedReview = () => forbidden("You can't review this member.");

/** The answer to a review the repository did not store, about `subject` as the request named it. */
function refusal(reason: ReviewRefusal, subject: string) {
  if (reason === "no-subject") return noSuchUser(subject);
  if (reason === "self-review") return selfReview();
  if (reason === "blocked") return refusedReview();
  return conflict("already-reviewed", `You have already reviewed ${storedUsername(subject)}.`);
}

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(reviewOwnerRoutes);

  app.get(
    "/reviews",
    { schema: { querystring: reviewsQuerySchema, response: { 200: reviewsResponseSchema } } },
    async (request) => {
      const viewer = await getViewer(request);
      const reader = viewer && {
        userId: viewer.identity.id,
        profileId: viewer.profile?.id ?? null,
        moderator: viewer.moderator,
      };
      const { created_about, limit, cursor, by } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after) {
        throw badRequest("This list of reviews is out of date. Please reload the page.", {
          cursor: "is not a valid cursor",
        });
      }
      const page = await listReviewsAbout(db, created_about, reader, { limit, after, by });
      if (!page) throw noSuchUser(created_about);
      return {
        reviews: page.records.map(presentReview),
        nextCursor: page.next && encodeCursor(page.next),
      };
    },
  );

  app.post(
    "/reviews",
    { schema: { body: createReviewBodySchema, response: { 201: reviewResponseSchema } } },
    async (request, reply) => {
      const { identity, profile: author } = await requireProfile(request);
      const { created_about, title, body, rating } = request.body;
      if (!canReview(author, { username: storedUsername(created_about) })) throw selfReview();
      const limits = app.config.writeLimits;
      const record = await limitedWrite(db, limits, identity.id, "review", async (tx) => {
        const result = await insertReview(tx, {
          author,
          subjectUsername: created_about,
          title,
          body,
          rating,
        });
        // Thrown inside the transaction: a review refused here is not counted against the limit.
        if (!result.ok) throw refusal(result.reason, created_about);
        return result.value;
      });
      return reply.status(201).send({ review: presentReview(record) });
    },
  );
};
