import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { canReview } from "../../shared/policies.ts";
import {
  createReviewBodySchema,
  reviewResponseSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from "../../shared/reviews.ts";
import { requireProfile } from "../auth/viewer.ts";
import { conflict, forbidden, notFound } from "../http/app-error.ts";
import { sqlStateOf } from "../http/storage-errors.ts";
import { limitedWrite } from "../limits/write-limits.ts";
import { findProfileByUsername } from "../profiles/profiles-repository.ts";
import { presentReview } from "./review-presenter.ts";
import { hasReviewed, insertReview, listReviewsAbout } from "./reviews-repository.ts";

const alreadyReviewed = (username: string) =>
  conflict("already-reviewed", `You have already reviewed ${username}.`);
const selfReview = () => forbidden("You cannot review yourself.", "self-review");

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/reviews",
    { schema: { querystring: reviewsQuerySchema, response: { 200: reviewsResponseSchema } } },
    async (request) => {
      const subject = await findProfileByUsername(db, request.query.created_about);
      if (!subject) throw notFound(`There is no user named "${request.query.created_about}".`);
      const records = await listReviewsAbout(db, subject);
      return { reviews: records.map(presentReview) };
    },
  );

  app.post(
    "/reviews",
    { schema: { body: createReviewBodySchema, response: { 201: reviewResponseSchema } } },
    async (request, reply) => {
      const { identity, profile: author } = await requireProfile(request);
      const { created_about, title, body, rating } = request.body;
      const subject = await findProfileByUsername(db, created_about);
      if (!subject) throw notFound(`There is no user named "${created_about}".`);
      if (!canReview(author, subject)) throw selfReview();
      if (await hasReviewed(db, author.id, subject.id)) throw alreadyReviewed(subject.username);
      try {
        const record = await limitedWrite(db, app.config.writeLimits, identity.id, "review", (tx) =>
          insertReview(tx, { author, subject, title, body, rating }),
        );
        return reply.status(201).send({ review: presentReview(record) });
      } catch (error) {
        // Only a concurrent duplicate or a deleted profile gets here; the checks above catch the rest.
        const state = sqlStateOf(error);
        if (state === "23505") throw alreadyReviewed(subject.username);
        if (state === "23514") throw selfReview();
        if (state === "23503") throw notFound(`There is no user named "${created_about}".`);
        throw error;
      }
    },
  );
};
