import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { postChanged } from "./post-changed.ts";

/**
 * DELETE /api/articles/{id}: the author removes their post for good. The caller leaves its page,
 * then forgets it (forgetPost).
 */
export function useDeletePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/articles/${id}`, { method: "DELETE" }),
    onSuccess: () => postChanged(queryClient, id),
  });
}
