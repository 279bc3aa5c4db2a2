import { type InfiniteData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { cursorPaging } from "../../api/cursor-paging.ts";
import { uniqueItems } from "../../api/unique-items.ts";
import type { ReviewsPage } from "./review-cache.ts";
import { ownReviewQueryKey, reviewPagesQueryKey } from "./review-keys.ts";

function getReviews(
  username: string,
  more: { cursor?: string | null; by?: string; limit?: number },
  signal?: AbortSignal,
): Promise<ReviewsPage> {
  const query = new URLSearchParams({ created_about: username });
  if (more.cursor) query.set("cursor", more.cursor);
  if (more.by) query.set("by", more.by);
  if (more.limit) query.set("limit", String(more.limit));
  return apiFetch<ReviewsPage>(`/reviews?${query}`, { signal });
}

/**
 * The reviews about a user, newest first, a page (the server's 20) at a time: each next page
 * starts after the last one's cursor. Fetched only while `enabled` (the list is open).
 */
export function useReviewPages(username: string, { enabled = true } = {}) {
  return useInfiniteQuery({
    queryKey: reviewPagesQueryKey(username),
    queryFn: ({ pageParam, signal }) => getReviews(username, { cursor: pageParam }, signal),
    ...cursorPaging,
    enabled,
  });
}

/** The loaded reviews in order, each once (a review added on top may come back in a later page). */
export function flattenReviews(data: InfiniteData<ReviewsPage, unknown> | undefined): Review[] {
  return uniqueItems(data?.pages, (page) => page.reviews);
}

/**
 * The review `author` wrote about `username`, or null: one member writes one review about another,
 * and it may be on any page, so the block asks for it alone. Fetched only while `enabled`.
 */
export function useOwnReview(
  username: string,
  author: string | undefined,
  { enabled = true } = {},
) {
  return useQuery({
    queryKey: ownReviewQueryKey(username, author ?? ""),
    queryFn: async ({ signal }) => {
      const { reviews } = await getReviews(username, { by: author, limit: 1 }, signal);
      // The server answers only theirs; the check costs nothing and keeps it so if it ever did not.
      return reviews.find((r) => r.username.toLowerCase() === author?.toLowerCase()) ?? null;
    },
    enabled: enabled && author !== undefined,
  });
}
