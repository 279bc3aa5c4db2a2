import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DirectMessage } from "../../shared/direct-message.ts";
import { type FrameOf, liveSocket } from "../live/index.ts";
import { conversationKeys } from "./api/conversation-keys.ts";
import { addMessage, type ConversationCache } from "./api/get-conversation.ts";

/** The cached conversation pages a new message belongs to (by id, or a first message by sender). */
function deliver(queryClient: QueryClient, message: DirectMessage) {
  for (const [key, data] of queryClient.getQueriesData<ConversationCache>({
    queryKey: conversationKeys.pages,
  })) {
    const username = key[2];
    const conversation = data?.pages[0]?.conversation;
    if (typeof username !== "string" || !data) continue;
    if (conversation?.id === message.conversation_id) addMessage(queryClient, username, message);
    else if (!conversation && message.sender.toLowerCase() === username) {
      // Their first message: the page learns the conversation (its id, its status) again.
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }
}

/** A member's direct message frames (issue 17). */
const MEMBER_FRAMES = ["dm", "dm-read", "conversations-changed"] as const;

/** A frame, or `reconnected`: the socket (re)opened, so whatever came meanwhile is read again. */
type LiveEvent = FrameOf<(typeof MEMBER_FRAMES)[number]> | { type: "reconnected" };

function apply(queryClient: QueryClient, event: LiveEvent) {
  const refetch = (queryKey: readonly string[]) => void queryClient.invalidateQueries({ queryKey });
  switch (event.type) {
    case "dm":
      deliver(queryClient, event.message);
      refetch(conversationKeys.list);
      refetch(conversationKeys.unread);
      return;
    case "dm-read":
      refetch(conversationKeys.list);
      refetch(conversationKeys.unread);
      return;
    case "conversations-changed":
    case "reconnected":
      // Resume: read everything again and merge by id, so nothing is missed or shown twice.
      refetch(conversationKeys.all);
      return;
  }
}

/**
 * Writes the tab's live direct message frames into the query cache: new messages into their open
 * conversation, and the list and the unread count read again. Mounted once, with the top bar.
 */
export function LiveConversationUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribeFrames = liveSocket.subscribe(MEMBER_FRAMES, (frame) =>
      apply(queryClient, frame),
    );
    const unsubscribeStatus = liveSocket.onStatus((status) => {
      if (status === "open") apply(queryClient, { type: "reconnected" });
    });
    return () => {
      unsubscribeFrames();
      unsubscribeStatus();
    };
  }, [queryClient]);
  return null;
}
