import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Review, ReviewReply } from "../../../shared/reviews.ts";
import { apiFetch } from "../../api/client.ts";
import { updateCachedReview } from "./review-cache.ts";

function useReplyChange<Variables>(
  review: Review,
  send: (variables: Variables) => Promise<ReviewReply | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (reply) =>
      updateCachedReview(queryClient, review.created_about, review.id, (r) => ({ ...r, reply })),
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
