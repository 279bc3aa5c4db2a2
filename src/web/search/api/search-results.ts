import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { SearchPeopleResponse, SearchPostsResponse } from "../../../shared/search.ts";
import { apiFetch } from "../../api/client.ts";
import { searchQueryKey } from "../../api/query-keys.ts";
import { filtersQuery, type SearchFilters } from "../search-params.ts";

/** The words and filters posts are searched by (GET /api/search/posts). */
export type PostSearch = Pick<SearchFilters, "q" | "type" | "topic" | "skill" | "near" | "within">;
export const POST_SEARCH_FILTERS = ["q", "type", "topic", "skill", "near", "within"] as const;
/** The words and filters people are searched by (GET /api/search/people). */
export type PeopleSearch = Pick<SearchFilters, "q" | "skill" | "near" | "within">;
export const PEOPLE_SEARCH_FILTERS = ["q", "skill", "near", "within"] as const;

function pageAddress(path: string, filters: SearchFilters, page: number) {
  const params = new URLSearchParams(filtersQuery(filters));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * One kind of result, ranked by the server and paged by number ("More" asks for the next). The
 * last list stays on screen while a changed search loads.
 */
function searchOptions<Page extends { nextPage: number | null }>(
  kind: "posts" | "people",
  filters: SearchFilters,
) {
  return infiniteQueryOptions({
    queryKey: [...searchQueryKey, kind, filters],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page>(pageAddress(`/search/${kind}`, filters, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: Page) => last.nextPage ?? undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useSearchPosts(filters: PostSearch, enabled: boolean) {
  return useInfiniteQuery({ ...searchOptions<SearchPostsResponse>("posts", filters), enabled });
}

export function useSearchPeople(filters: PeopleSearch, enabled: boolean) {
  return useInfiniteQuery({ ...searchOptions<SearchPeopleResponse>("people", filters), enabled });
}
