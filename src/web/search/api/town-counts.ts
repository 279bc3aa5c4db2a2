import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { TownMapResponse } from "../../../shared/town-map.ts";
import { apiFetch } from "../../api/client.ts";
import { searchQueryKey } from "../../api/query-keys.ts";
import { filtersQuery, type SearchFilters } from "../search-params.ts";

/** GET /api/search/towns: the search's results by town, for the map (issue 33). */
export function townCountsOptions(filters: SearchFilters) {
  const query = filtersQuery(filters);
  return queryOptions({
    queryKey: [...searchQueryKey, "towns", filters],
    queryFn: ({ signal }) =>
      apiFetch<TownMapResponse>(query ? `/search/towns?${query}` : "/search/towns", { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTownCounts(filters: SearchFilters, enabled: boolean) {
  return useQuery({ ...townCountsOptions(filters), enabled });
}
