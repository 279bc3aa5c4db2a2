import type { z } from "zod";
import type { unreadResponseSchema } from "../../../shared/direct-messages.ts";
import { useTopBarCount } from "../../api/use-top-bar-count.ts";
import { conversationKeys } from "./conversation-keys.ts";

type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/** How many messages wait unread (GET /api/conversations/unread); asked only for members. */
export function useUnreadCount(enabled: boolean) {
  return useTopBarCount({
    queryKey: conversationKeys.unread,
    path: "/conversations/unread",
    count: ({ total }: UnreadResponse) => total,
    enabled,
  });
}
