import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { PostsPage } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { postsListKey } from "../../api/query-keys.ts";
import { filtersQuery, type SearchFilters } from "../../search/index.ts";

/** What the feed can be narrowed by (GET /api/articles): type, topic, a town, distance. */
export type FeedFilters = Pick<SearchFilters, "type" | "topic" | "near" | "within">;
export const FEED_FILTERS = ["type", "topic", "within"] as const;
/** The public posts (/browse, issue 33): a town first, which anyone may pick. */
export const BROWSE_FILTERS = ["near", "within", "type", "topic"] as const;

/**
 * The feed narrowed by `filters`, newest first still, a page at a time by the cursor. Without
 * filters it is the feed itself (get-posts.ts: the same key and requests); with them, under the
 * feed's key followed by the filters, so what invalidates the feed reaches them too.
 */
export function feedQueryOptions(filters: FeedFilters) {
  const filtered = Object.keys(filters).length > 0;
  return infiniteQueryOptions({
    queryKey: filtered ? [...postsListKey, filters] : postsListKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(filtersQuery(filters));
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return apiFetch<PostsPage>(query ? `/articles?${query}` : "/articles", { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 30_000,
  });
}

/** The feed's pages under `filters`; `enabled` false waits (a distance before the session is known). */
export function useFeedPosts(filters: FeedFilters, enabled = true) {
  return useInfiniteQuery({ ...feedQueryOptions(filters), enabled });
}
