import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { apiFetch } from "./client.ts";
import { uniqueItems } from "./unique-items.ts";

/** `path` asking for the page after `cursor` (the first page has none). */
export function withCursor(path: string, cursor: string | null | undefined): string {
  if (!cursor) return path;
  return `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;
}

/**
 * The paging every cursor-paged list shares (spread into `useInfiniteQuery`): the first page
 * without a cursor, each next one after the previous answer's `nextCursor`.
 */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

/**
 * A list read a page at a time from `path` under `queryKey`: its loaded items in order, each once
 * (a refetch reads every loaded page again).
 */
export function pagedList<Page extends { nextCursor: string | null }, Item extends { id: number }>(
  queryKey: QueryKey,
  path: string,
  itemsOf: (page: Page) => readonly Item[],
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiFetch<Page>(withCursor(path, pageParam), { signal }),
    ...cursorPaging,
    select: (data) => uniqueItems(data.pages, itemsOf),
  });
}
