import { useInfiniteQuery } from "@tanstack/react-query";
import type { ConversationsPage } from "../../../shared/direct-messages.ts";
import { pagedList } from "../../api/cursor-paging.ts";
import { conversationKeys } from "./conversation-keys.ts";

/**
 * The member's conversations, most recent first (GET /api/conversations): a page of 20, each
 * further page from the previous answer's `nextCursor`. A refetch (a live frame) reads every
 * loaded page again.
 */
export function useConversations() {
  return useInfiniteQuery(
    pagedList(
      conversationKeys.list,
      "/conversations",
      (page: ConversationsPage) => page.conversations,
    ),
  );
}
