import { type InfiniteData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { DirectMessage } from "../../../shared/direct-message.ts";
import type { conversationPageResponseSchema } from "../../../shared/direct-messages.ts";
import { apiFetch } from "../../api/client.ts";
import { conversationKeys, conversationPath } from "./conversation-keys.ts";

export type ConversationPage = z.infer<typeof conversationPageResponseSchema>;
export type ConversationCache = InfiniteData<ConversationPage, number | null>;

/**
 * One conversation by the other member's username (GET /api/conversations/with/:username): the
 * first page is the newest messages, each further page the 50 before it (`before`).
 */
export function useConversation(username: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.page(username),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ConversationPage>(
        `${conversationPath(username)}${pageParam === null ? "" : `?before=${pageParam}`}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}

/** Every message the cache holds of a conversation, oldest first, each once. */
export function messagesOf(data: { pages: ConversationPage[] } | undefined): DirectMessage[] {
  if (!data) return [];
  const byId = new Map<number, DirectMessage>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Puts `message` into the cached conversation with `username` (the newest page), unless it is
 * there already: a live frame and the answer to our own send may both bring it.
 */
export function addMessage(queryClient: QueryClient, username: string, message: DirectMessage) {
  queryClient.setQueryData<ConversationCache>(conversationKeys.page(username), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) {
      return data;
    }
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}
