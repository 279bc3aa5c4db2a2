import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostResponse } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { postChanged } from "./post-changed.ts";

/** PUT (filled: true) or DELETE (reopened) /api/articles/{id}/filled. */
export function useSetPostFilled(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filled: boolean) =>
      apiFetch<PostResponse>(`/articles/${id}/filled`, { method: filled ? "PUT" : "DELETE" }),
    onSuccess: ({ article }) => postChanged(queryClient, id, article),
  });
}
