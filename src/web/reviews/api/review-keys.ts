import { reviewsQueryKey } from "../../api/query-keys.ts";

// Only the reviews feature reads these, so they live here: api/query-keys.ts is in the first page's
// JavaScript (bench/frontend.ts), which never needs them.

/** The reviews about one member, newest first, a page at a time (GET /api/reviews?cursor=…). */
export const reviewPagesQueryKey = (username: string) =>
  [...reviewsQueryKey(username), "pages"] as const;

/**
 * The review `author` wrote about `username`, or null (GET /api/reviews?by=…): whether the block
 * offers 'Add Review' or 'Edit your review', wherever that review sits in the pages.
 */
export const ownReviewQueryKey = (username: string, author: string) =>
  [...reviewsQueryKey(username), "by", author.toLowerCase()] as const;
