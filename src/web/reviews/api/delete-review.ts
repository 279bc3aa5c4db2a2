import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey } from "../../api/query-keys.ts";
import { updateCachedReviews } from "./review-cache.ts";

/** Deletes the viewer's review: it leaves the list, and the profile's average is refetched. */
export function useDeleteReview(review: Review) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>(`/reviews/${review.id}`, { method: "DELETE" }),
    onSuccess: async () => {
      updateCachedReviews(queryClient, review.created_about, (reviews) =>
        reviews.filter((r) => r.id !== review.id),
      );
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(review.created_about) });
    },
  });
}
