import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatePostInput, PostResponse } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import {
  type PostsCache,
  postQueryKey,
  postsListKey,
  searchQueryKey,
} from "../../api/query-keys.ts";

/**
 * Posts a new article and puts it at the top of the loaded feed, without reloading the pages; the
 * filtered feeds and search results read again.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) =>
      apiFetch<PostResponse>("/articles", { method: "POST", body: input }),
    onSuccess: ({ article: post }) => {
      queryClient.setQueryData(postQueryKey(post.id), { article: post });
      const feed = queryClient.getQueryData<PostsCache>(postsListKey);
      const [first, ...rest] = feed?.pages ?? [];
      if (!feed || !first) {
        void queryClient.invalidateQueries({ queryKey: postsListKey });
        return;
      }
      queryClient.setQueryData<PostsCache>(postsListKey, {
        ...feed,
        pages: [{ ...first, articles: [post, ...first.articles] }, ...rest],
      });
    },
    // A filtered feed (its filters follow the feed's key) and search results may now hold it too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: postsListKey,
          predicate: ({ queryKey }) => queryKey.length > postsListKey.length,
        }),
        queryClient.invalidateQueries({ queryKey: searchQueryKey }),
      ]),
  });
}
