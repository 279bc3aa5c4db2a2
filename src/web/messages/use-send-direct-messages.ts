import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { newClientId, type OutgoingMessage } from "../message-log/index.ts";
import { conversationKeys } from "./api/conversation-keys.ts";
import { addMessage } from "./api/get-conversation.ts";
import { sendDirectMessage } from "./api/send-message.ts";

/**
 * Our messages to `username` on their way: pending until the server stores one (then it joins the
 * conversation), failed with the server's reason (a limit's text, say) and a Retry that sends the
 * same clientId again, so a message whose answer was lost is stored once. `originPostId`: the
 * post "Chat to" was pressed on, the conversation's origin if this starts it (issue 34).
 */
export function useSendDirectMessages(username: string, originPostId?: number) {
  const queryClient = useQueryClient();
  const [outgoing, setOutgoing] = useState<OutgoingMessage[]>([]);
  const texts = useRef(new Map<string, string>());

  const transmit = useCallback(
    async (clientId: string, text: string) => {
      try {
        const { message } = await sendDirectMessage(username, {
          text,
          clientId,
          ...(originPostId ? { origin_post_id: originPostId } : {}),
        });
        addMessage(queryClient, username, message);
        setOutgoing((list) => list.filter((o) => o.clientId !== clientId));
        texts.current.delete(clientId);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
        const page = queryClient.getQueryData<{ pages: { conversation: unknown }[] }>(
          conversationKeys.page(username),
        );
        // The first message started the conversation: read it (its id, its status) again.
        if (page && !page.pages[0]?.conversation) {
          void queryClient.invalidateQueries({ queryKey: conversationKeys.page(username) });
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : "The message was not sent.";
        setOutgoing((list) =>
          list.map((o) =>
            o.clientId === clientId ? { ...o, status: "failed", error: reason } : o,
          ),
        );
      }
    },
    [queryClient, username, originPostId],
  );

  const send = useCallback(
    (text: string) => {
      const clientId = newClientId();
      texts.current.set(clientId, text);
      setOutgoing((list) => [...list, { clientId, text, status: "pending" }]);
      void transmit(clientId, text);
    },
    [transmit],
  );

  const retry = useCallback(
    (clientId: string) => {
      const text = texts.current.get(clientId);
      if (text === undefined) return;
      setOutgoing((list) =>
        list.map((o) => (o.clientId === clientId ? { clientId, text, status: "pending" } : o)),
      );
      void transmit(clientId, text);
    },
    [transmit],
  );

  return { outgoing, send, retry };
}
