import { useCallback, useEffect, useRef, useState } from "react";
import { type ChatSocket, openChatSocket } from "./chat-socket.ts";
import { type ChatState, initialChatState } from "./chat-state.ts";

/**
 * The chat room while the view is open: live state plus send and retry. The socket is closed when
 * the view is left (SPEC §4), and reopened when the signed-in identity changes (the server reads
 * who may send from the session at connect); the messages already shown are kept and resumed.
 */
export function useChat(identityKey: string) {
  const [state, setState] = useState<ChatState>(initialChatState);
  const stateRef = useRef(state);
  const socketRef = useRef<ChatSocket | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new identity needs a new socket (the server reads the session at connect)
  useEffect(() => {
    const chat = openChatSocket({
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
      chat.close();
      socketRef.current = null;
    };
  }, [identityKey]);

  const send = useCallback((text: string) => socketRef.current?.send(text), []);
  const retry = useCallback((clientId: string) => socketRef.current?.retry(clientId), []);
  return { ...state, send, retry };
}
