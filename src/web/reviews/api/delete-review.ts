import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey } from "../../api/query-keys.ts";
import { updateCachedReview } from "./review-cache.ts";

/**
 * Deletes the viewer's review: it leaves the list (whichever page it is on) and is their own no
 * more, so the block offers 'Add Review' again; the profile's average is refetched.
 */
export function useDeleteReview(review: Review) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<null>(`/reviews/${review.id}`, { method: "DELETE" }),
    onSuccess: async () => {
      updateCachedReview(queryClient, review.created_about, review.id, () => null);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(review.created_about) });
    },
  });
}
