import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostResponse } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { postChanged } from "./post-changed.ts";

/** POST /api/articles/{id}/renew: the author keeps it up for 60 days from now (issue 32). */
export function useRenewPost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PostResponse>(`/articles/${id}/renew`, { method: "POST" }),
    onSuccess: ({ article }) => postChanged(queryClient, id, article),
  });
}
