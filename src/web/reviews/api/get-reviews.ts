import { useQuery } from "@tanstack/react-query";
import type { Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { reviewsQueryKey } from "../../api/query-keys.ts";

async function getReviews(username: string, signal?: AbortSignal): Promise<Review[]> {
  const { reviews } = await apiFetch<{ reviews: Review[] }>(
    `/reviews?created_about=${encodeURIComponent(username)}`,
    { signal },
  );
  return reviews;
}

/**
 * The reviews about a user, newest first; fetched only while `enabled` (the list is open, or the
 * viewer may review and so needs to know whether they already did).
 */
export function useReviews(username: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: reviewsQueryKey(username),
    queryFn: ({ signal }) => getReviews(username, signal),
    enabled,
  });
}
