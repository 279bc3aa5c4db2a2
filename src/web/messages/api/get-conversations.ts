import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { conversationsResponseSchema } from "../../../shared/direct-messages.ts";
import { apiFetch } from "../../api/client.ts";
import { conversationKeys } from "./conversation-keys.ts";

type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

/** The member's conversations, most recent first (GET /api/conversations). */
export function useConversations() {
  return useQuery({
    queryKey: conversationKeys.list,
    queryFn: ({ signal }) => apiFetch<ConversationsResponse>("/conversations", { signal }),
    select: ({ conversations }) => conversations,
  });
}
