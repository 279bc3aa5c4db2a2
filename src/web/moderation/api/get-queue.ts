import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { queueResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";

type QueueResponse = z.infer<typeof queueResponseSchema>;

/** Items with open reports, oldest first report first (GET /api/moderation/queue). */
export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ signal }) => apiFetch<QueueResponse>("/moderation/queue", { signal }),
    select: ({ items }) => items,
    refetchOnWindowFocus: true,
  });
}
