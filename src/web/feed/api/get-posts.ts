import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Post, PostsPage } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { postsListKey } from "../../api/query-keys.ts";
import { uniqueItems } from "../../api/unique-items.ts";

function getPosts(cursor: string | null, signal?: AbortSignal): Promise<PostsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiFetch<PostsPage>(`/articles${query}`, { signal });
}

/** Newest posts first, one page of 20 at a time; each page starts after the last one's cursor. */
export const postsQueryOptions = infiniteQueryOptions({
  queryKey: postsListKey,
  queryFn: ({ pageParam, signal }) => getPosts(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  staleTime: 30_000,
});

export function usePosts() {
  return useInfiniteQuery(postsQueryOptions);
}

/** The loaded posts in order, each once (a post added here may also come back in a refetch). */
export function flattenPosts(data: InfiniteData<PostsPage, unknown> | undefined): Post[] {
  return uniqueItems(data?.pages, (page) => page.articles);
}
