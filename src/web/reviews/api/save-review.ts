import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReviewBody, Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey } from "../../api/query-keys.ts";
import { updateCachedReviews } from "./review-cache.ts";

export type ReviewFields = Omit<CreateReviewBody, "created_about">;

/**
 * Sends a new review about `subject` (POST), or the viewer's changes to `editing` (PATCH). The list
 * shows it at once (a new one on top) and the profile's average is refetched.
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
      updateCachedReviews(queryClient, review.created_about, (reviews) =>
        reviews.some((r) => r.id === review.id)
          ? reviews.map((r) => (r.id === review.id ? review : r))
          : [review, ...reviews],
      );
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(review.created_about) });
    },
  });
}
