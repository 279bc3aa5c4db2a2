import { z } from "zod";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN } from "./constants.ts";

export const REVIEW_TITLE_MAX_LENGTH = 120;
export const REVIEW_BODY_MAX_LENGTH = 2000;

/** A review as the API answers it (SPEC §3); `username` is the author. */
export const reviewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  created_about: z.string(),
  title: z.string(),
  body: z.string(),
  rating: z.number().int(),
  created_at: z.string(),
  /** Hidden by moderators: listed only to its author and moderators; absent unless true. */
  hidden: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({ created_about: z.string().min(1).max(64) });
export const reviewsResponseSchema = z.object({ reviews: z.array(reviewSchema) });
export const reviewResponseSchema = z.object({ review: reviewSchema });

/**
 * POST /api/reviews. The rating must be a JSON integer 1–5 (no "5", no 2.5) and defaults to 5.
 * A `username` in the payload is dropped: the author is always the session's profile.
 */
export const createReviewBodySchema = z.object({
  created_about: z.string().min(1, "Say who the review is about").max(64),
  title: z
    .string()
    .trim()
    .min(1, "Title is required")
    .max(REVIEW_TITLE_MAX_LENGTH, `Title must be at most ${REVIEW_TITLE_MAX_LENGTH} characters`),
  body: z
    .string()
    .trim()
    .min(1, "Review is required")
    .max(REVIEW_BODY_MAX_LENGTH, `Review must be at most ${REVIEW_BODY_MAX_LENGTH} characters`),
  rating: z
    .number("Rating must be a whole number from 1 to 5")
    .int("Rating must be a whole number from 1 to 5")
    .min(RATING_MIN, "Rating must be a whole number from 1 to 5")
    .max(RATING_MAX, "Rating must be a whole number from 1 to 5")
    .default(RATING_DEFAULT),
});
export type CreateReviewInput = z.input<typeof createReviewBodySchema>;
export type CreateReviewBody = z.output<typeof createReviewBodySchema>;

/** The average of `count` ratings summing to `sum`, to one decimal; null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}
