import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Review, ReviewReply } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { updateCachedReviews } from "./review-cache.ts";

function useReplyChange<Variables>(
  review: Review,
  send: (variables: Variables) => Promise<ReviewReply | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (reply) =>
      updateCachedReviews(queryClient, review.created_about, (reviews) =>
        reviews.map((r) => (r.id === review.id ? { ...r, reply } : r)),
      ),
  });
}

/** Writes or rewrites the reviewed member's reply to `review`; it shows under the review at once. */
export function usePutReply(review: Review) {
  return useReplyChange(review, async (fields: { body: string }) => {
    const path = `/reviews/${review.id}/reply`;
    return (await apiFetch<{ reply: ReviewReply }>(path, { method: "PUT", body: fields })).reply;
  });
}

/** Deletes the reviewed member's reply to `review`. */
export function useDeleteReply(review: Review) {
  return useReplyChange(review, async () => {
    await apiFetch<null>(`/reviews/${review.id}/reply`, { method: "DELETE" });
    return null;
  });
}
