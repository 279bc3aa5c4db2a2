import { type QueryKey, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./client.ts";

type Options<Answer> = {
  queryKey: QueryKey;
  /** The API path that answers the count. */
  path: string;
  count: (answer: Answer) => number;
  /** Asked only for those who see the count. */
  enabled: boolean;
  /** Asked again this often besides on focus, where nothing live says it changed. */
  refetchInterval?: number;
};

/** A count the top bar shows beside a link (unread messages, the moderation queue). */
export function useTopBarCount<Answer>({
  queryKey,
  path,
  count,
  enabled,
  refetchInterval,
}: Options<Answer>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<Answer>(path, { signal }),
    select: count,
    enabled,
    refetchOnWindowFocus: true,
    ...(refetchInterval === undefined ? {} : { refetchInterval }),
  });
}
