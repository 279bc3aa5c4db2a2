import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { unreadResponseSchema } from "../../../shared/direct-messages.ts";
import { apiFetch } from "../../api/client.ts";
import { conversationKeys } from "./conversation-keys.ts";

type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/** How many messages wait unread (GET /api/conversations/unread); asked only for members. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) => apiFetch<UnreadResponse>("/conversations/unread", { signal }),
    select: ({ total }) => total,
    enabled,
    refetchOnWindowFocus: true,
  });
}
