import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReviewBody, Review } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey, reviewsQueryKey } from "../../api/query-keys.ts";

/** Sends a review; the new one goes on top of the list and the profile's average is refetched. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReviewBody) =>
      (await apiFetch<{ review: Review }>("/reviews", { method: "POST", body })).review,
    onSuccess: async (review) => {
      queryClient.setQueryData<Review[]>(reviewsQueryKey(review.created_about), (old) =>
        old ? [review, ...old.filter((r) => r.id !== review.id)] : old,
      );
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(review.created_about) });
    },
  });
}
