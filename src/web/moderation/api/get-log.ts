import { useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { logResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";

type LogPage = z.infer<typeof logResponseSchema>;

/** The moderation log, newest first, 50 lines a page (GET /api/moderation/log?before=…). */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: moderationKeys.log,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<LogPage>(
        pageParam === null ? "/moderation/log" : `/moderation/log?before=${pageParam}`,
        {
          signal,
        },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}
