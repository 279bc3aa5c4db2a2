import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Review, reviewsResponseSchema } from "../../../shared/reviews.ts";
import { reviewsQueryKey } from "../../api/query-keys.ts";
import { ownReviewQueryKey, reviewPagesQueryKey } from "./review-keys.ts";

/** One answer of GET /api/reviews: a page of reviews and the cursor of the next (older) one. */
export type ReviewsPage = z.infer<typeof reviewsResponseSchema>;
export type ReviewsCache = InfiniteData<ReviewsPage, string | null>;
/** An author's own review about a member; null when they wrote none. */
type OwnReviewCache = Review | null;

/**
 * A new review about `review.created_about`: on top of the list's first page (when it is cached;
 * else the list fetches it when opened) and its author's own review from now on.
 */
export function addCachedReview(queryClient: QueryClient, review: Review): void {
  queryClient.setQueryData<ReviewsCache>(reviewPagesQueryKey(review.created_about), (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first) return old;
    const reviews = [review, ...first.reviews.filter((r) => r.id !== review.id)];
    return { ...old, pages: [{ ...first, reviews }, ...rest] };
  });
  queryClient.setQueryData<OwnReviewCache>(
    ownReviewQueryKey(review.created_about, review.username),
    review,
  );
}

/**
 * Changes the review `id` about `subject` wherever it is cached (any page of the list, or as its
 * author's own review); `change` answering null removes it.
 */
export function updateCachedReview(
  queryClient: QueryClient,
  subject: string,
  id: number,
  change: (review: Review) => Review | null,
): void {
  const changeIn = (reviews: Review[]) =>
    reviews.flatMap((r) => (r.id === id ? (change(r) ?? []) : [r]));
  queryClient.setQueryData<ReviewsCache>(
    reviewPagesQueryKey(subject),
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({ ...page, reviews: changeIn(page.reviews) })),
      },
  );
  const own = queryClient.getQueriesData<OwnReviewCache>({
    queryKey: [...reviewsQueryKey(subject), "by"],
  });
  for (const [queryKey, review] of own) {
    if (review?.id === id) queryClient.setQueryData(queryKey, change(review));
  }
}
