import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Post, PostResponse } from "../../../shared/posts.ts";
import { ApiError, apiFetch } from "../../api/client.ts";
import { type PostsCache, postQueryKey, postsListKey } from "../../api/query-keys.ts";

function getPost(id: number, signal?: AbortSignal): Promise<PostResponse> {
  return apiFetch<PostResponse>(`/articles/${id}`, { signal });
}

/** A post the feed already holds, shown at once while the post itself loads. */
function fromFeed(caches: [unknown, PostsCache | undefined][], id: number): Post | undefined {
  for (const [, data] of caches) {
    for (const page of data?.pages ?? []) {
      const found = page.articles.find((post) => post.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** One post; `id` null (a malformed address) fetches nothing. Not-found answers are not retried. */
export function usePost(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: postQueryKey(id ?? 0),
    queryFn: ({ signal }) => getPost(id ?? 0, signal),
    enabled: id !== null,
    placeholderData: () => {
      if (id === null) return undefined;
      const caches = queryClient.getQueriesData<PostsCache>({ queryKey: postsListKey });
      const post = fromFeed(caches, id);
      return post ? { article: post } : undefined;
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
