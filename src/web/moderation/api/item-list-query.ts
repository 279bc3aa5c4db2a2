import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";

/** A moderation list read whole (GET `path`, answered as `{ items }`): its items. */
export function useItemList<Item>(
  queryKey: readonly string[],
  path: string,
  options: { refetchOnWindowFocus?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<{ items: Item[] }>(path, { signal }),
    select: ({ items }) => items,
    ...options,
  });
}
