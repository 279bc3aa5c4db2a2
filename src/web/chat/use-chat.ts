import { useCallback, useEffect, useRef, useState } from "react";
import { liveSocket } from "../live/index.ts";
import { type ChatState, initialChatState } from "./chat-state.ts";
import { type ChatRoomConnection, joinChatRoom } from "./room-connection.ts";

/**
 * The chat room while the view is open: live state plus send and retry. The room leaves the tab's
 * socket when the view is left (SPEC §4), and joins again when the signed-in identity changes (the
 * server reads who may send from the session at connect); the messages shown are kept and resumed.
 */
export function useChat(identityKey: string) {
  const [state, setState] = useState<ChatState>(initialChatState);
  const stateRef = useRef(state);
  const socketRef = useRef<ChatRoomConnection | null>(null);

  useEffect(() => {
    const chat = joinChatRoom(liveSocket, identityKey, {
      messages: stateRef.current.messages,
      outgoing: [],
      connection: "connecting",
      sessionEnded: false,
    });
    socketRef.current = chat;
    const update = () => {
      stateRef.current = chat.getState();
      setState(stateRef.current);
    };
    const unsubscribe = chat.subscribe(update);
    update();
    return () => {
      unsubscribe();
      chat.leave();
      socketRef.current = null;
    };
  }, [identityKey]);

  const send = useCallback((text: string) => socketRef.current?.send(text), []);
  const retry = useCallback((clientId: string) => socketRef.current?.retry(clientId), []);
  return { ...state, send, retry };
}
