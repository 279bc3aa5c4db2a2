import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostResponse, UpdatePostInput } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { postChanged } from "./post-changed.ts";

/** PATCH /api/articles/{id}: the author's changes (only the fields that changed). */
export function useUpdatePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePostInput) =>
      apiFetch<PostResponse>(`/articles/${id}`, { method: "PATCH", body: changes }),
    onSuccess: ({ article }) => postChanged(queryClient, id, article),
  });
}
