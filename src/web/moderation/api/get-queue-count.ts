import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { queueCountResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";

type QueueCount = z.infer<typeof queueCountResponseSchema>;

/** How often the top bar asks how many items wait, besides on focus and after every action. */
export const COUNT_REFRESH_MS = 60_000;

/** How many items wait in the queue (GET /api/moderation/count); asked only for moderators. */
export function useOpenReportCount(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.count,
    queryFn: ({ signal }) => apiFetch<QueueCount>("/moderation/count", { signal }),
    select: ({ open }) => open,
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: COUNT_REFRESH_MS,
  });
}
