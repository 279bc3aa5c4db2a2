import type { QueueEntry } from "../../../shared/moderation.ts";
import { useItemList } from "./item-list-query.ts";
import { moderationKeys } from "./moderation-keys.ts";

/** Items with open reports, oldest first report first (GET /api/moderation/queue). */
export function useModerationQueue() {
  return useItemList<QueueEntry>(moderationKeys.queue, "/moderation/queue", {
    refetchOnWindowFocus: true,
  });
}
