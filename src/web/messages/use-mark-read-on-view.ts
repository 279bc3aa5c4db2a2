import { useEffect, useRef } from "react";
import type { DirectMessage } from "../../shared/direct-message.ts";
import type { ConversationSummary } from "../../shared/direct-messages.ts";
import { useMarkRead } from "./api/mark-read.ts";

/**
 * While a conversation is open it is read: on opening, and as new messages come in, the read
 * marker moves to the newest message (once per message; the server only moves it forward).
 */
export function useMarkReadOnView(
  username: string,
  conversation: ConversationSummary | null | undefined,
  messages: DirectMessage[],
) {
  const markRead = useMarkRead(username);
  const sent = useRef(0);
  const newest = messages.at(-1)?.id ?? 0;
  const readUpTo = conversation?.last_read_id ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (!conversation || newest <= readUpTo || newest <= sent.current) return;
    sent.current = newest;
    mutate(newest);
  }, [conversation, newest, readUpTo, mutate]);
}
