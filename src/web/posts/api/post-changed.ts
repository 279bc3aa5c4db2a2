import type { QueryClient } from "@tanstack/react-query";
import type { Post } from "../../../shared/posts.ts";
import { postQueryKey, postsListKey, searchQueryKey } from "../../api/query-keys.ts";

/**
 * After its author changed post `id` (`post`: as it is now; absent: deleted, and its page is left
 * first, see forgetPost): its page shows it at once, and the feed's pages (filtered ones too) and
 * search results read again.
 */
export function postChanged(queryClient: QueryClient, id: number, post?: Post): Promise<unknown> {
  if (post) queryClient.setQueryData(postQueryKey(id), { article: post });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: postsListKey }),
    queryClient.invalidateQueries({ queryKey: searchQueryKey }),
  ]);
}

/** A deleted post, once its page is left: coming back asks the server, which says it was removed. */
export function forgetPost(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: postQueryKey(id), exact: true });
}
