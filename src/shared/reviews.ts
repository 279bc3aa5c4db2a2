import { z } from "zod";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN, ROW_ID_PATTERN } from "./constants.ts";
import { wholeNumberQuery } from "./whole-number-query.ts";

export const REVIEW_TITLE_MAX_LENGTH = 120;
export const REVIEW_BODY_MAX_LENGTH = 2000;

export const REVIEW_REPLY_MAX_LENGTH = 2000;

/** The reviewed member's one answer to a review (issue 19); its author is `created_about`. */
export const reviewReplySchema = z.object({
  body: z.string(),
  created_at: z.string(),
  /** ISO 8601; absent if never edited. */
  edited_at: z.string().optional(),
  /** Hidden by moderators: shown only to its author and moderators; absent unless true. */
  hidden: z.boolean().optional(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

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
  /** The author's profile image (issue 19), as profiles answer `img_url`. */
  author_img_url: z.string().nullable(),
  /** ISO 8601; absent if never edited. */
  edited_at: z.string().optional(),
  /** The reviewed member's reply; null when there is none (or the viewer may not see it). */
  reply: reviewReplySchema.nullable(),
  /**
   * Its author and the member reviewed had both written in a direct conversation before it was
   * written (issue 32): decided by the server, kept by edits.
   */
  contact_backed: z.boolean(),
  /**
   * ISO 8601: a new account's review is held until then (issue 32), shown to its author only and
   * counted nowhere; absent once visible (and for everyone else, who is never given it before).
   */
  visible_from: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** How many reviews a page of GET /api/reviews holds unless `limit` says otherwise, and at most. */
export const REVIEWS_PAGE_DEFAULT = 20;
export const REVIEWS_PAGE_MAX = 50;

/**
 * GET /api/reviews: the reviews about `created_about`, contact-backed ones first, then newest first, a page at a time (`cursor` is
 * the previous answer's opaque `nextCursor`); `by` keeps only the one its author wrote.
 */
export const reviewsQuerySchema = z.object({
  created_about: z.string().min(1).max(64),
  limit: wholeNumberQuery(REVIEWS_PAGE_MAX, REVIEWS_PAGE_DEFAULT),
  cursor: z.string().max(200, "is not a valid cursor").optional(),
  by: z.string().min(1).max(64).optional(),
});
export const reviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
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

/** /api/reviews/{review_id}…: review ids are positive whole numbers. */
export const reviewParamsSchema = z.object({
  review_id: z.string().regex(ROW_ID_PATTERN, "must be a positive whole number"),
});

/**
 * PATCH /api/reviews/{review_id} (issue 19), the review's author only: title, body and rating
 * validated as when writing it; at least one. Who it is about never changes.
 */
export const updateReviewBodySchema = createReviewBodySchema
  .omit({ created_about: true })
  .extend({ rating: createReviewBodySchema.shape.rating.removeDefault() })
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: "Change at least one of title, body or rating.",
  });
export type UpdateReviewInput = z.input<typeof updateReviewBodySchema>;

/** PUT /api/reviews/{review_id}/reply: writes or rewrites the reply; the reviewed member only. */
export const reviewReplyBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Reply is required")
    .max(REVIEW_REPLY_MAX_LENGTH, `Reply must be at most ${REVIEW_REPLY_MAX_LENGTH} characters`),
});
export const reviewReplyResponseSchema = z.object({ reply: reviewReplySchema });

/** The average of `count` ratings summing to `sum`, to one decimal; null when there are none. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}
