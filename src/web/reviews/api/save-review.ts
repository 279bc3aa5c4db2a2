import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReviewBody, Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey } from "../../api/query-keys.ts";
import { addCachedReview, updateCachedReview } from "./review-cache.ts";

export type ReviewFields = Omit<CreateReviewBody, "created_about">;

/**
 * Sends a new review about `subject` (POST), or the viewer's changes to `editing` (PATCH). The list
 * shows it at once (a new one on top of the first page, an edited one where it is), it is the
 * viewer's own review from then on, and the profile's average is refetched.
 */
export function useSaveReview(subject: string, editing?: Review) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: ReviewFields) => {
      const { review } = editing
        ? await apiFetch<{ review: Review }>(`/reviews/${editing.id}`, {
            method: "PATCH",
            body: fields,
          })
        : await apiFetch<{ review: Review }>("/reviews", {
            method: "POST",
            body: { created_about: subject, ...fields },
          });
      return review;
    },
    onSuccess: async (review) => {
      if (editing) updateCachedReview(queryClient, review.created_about, review.id, () => review);
      else addCachedReview(queryClient, review);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(review.created_about) });
    },
  });
}
