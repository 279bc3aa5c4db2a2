import type { z } from "zod";
import type { queueCountResponseSchema } from "../../../shared/moderation.ts";
import { useTopBarCount } from "../../api/use-top-bar-count.ts";
import { moderationKeys } from "./moderation-keys.ts";

type QueueCount = z.infer<typeof queueCountResponseSchema>;

/** How often the top bar asks how many items wait, besides on focus and after every action. */
export const COUNT_REFRESH_MS = 60_000;

/** How many items wait in the queue (GET /api/moderation/count); asked only for moderators. */
export function useOpenReportCount(enabled: boolean) {
  return useTopBarCount({
    queryKey: moderationKeys.count,
    path: "/moderation/count",
    count: ({ open }: QueueCount) => open,
    enabled,
    refetchInterval: COUNT_REFRESH_MS,
  });
}
