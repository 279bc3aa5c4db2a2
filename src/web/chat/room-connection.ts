import type { LiveSocket } from "../live/index.ts";
import { newClientId } from "../message-log/index.ts";
import {
  type ChatEvent,
  type ChatState,
  chatReducer,
  initialChatState,
  ROOM_FRAMES,
  type RoomFrame,
} from "./chat-state.ts";

/** No ack by then: the message shows as failed, with a retry. */
const ACK_TIMEOUT_MS = 10_000;

export type ChatRoomConnection = {
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  send(text: string): void;
  retry(clientId: string): void;
  leave(): void;
};

/**
 * The chat room on the tab's socket, as `identity`: claims the room (the socket resumes from the
 * last message the room has, so nothing is lost or shown twice), and sends our messages with a
 * clientId so a resend after a lost ack is stored once. Messages typed while offline go out once
 * the room is live again.
 */
export function joinChatRoom(
  socket: LiveSocket,
  identity: string,
  initial: ChatState = initialChatState,
): ChatRoomConnection {
  let state = initial;
  const listeners = new Set<() => void>();
  /** The current socket has sent the room's first frame: sends may go. */
  let live = false;
  const ackTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const dispatch = (event: ChatEvent) => {
    const next = chatReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const transmit = (clientId: string, text: string) => {
    clearTimeout(ackTimers.get(clientId));
    ackTimers.set(
      clientId,
      setTimeout(() => {
        ackTimers.delete(clientId);
        dispatch({ type: "failed", clientId, error: "No answer from the server." });
      }, ACK_TIMEOUT_MS),
    );
    if (live && !state.sessionEnded) socket.send({ type: "send", text, clientId });
  };

  const onFrame = (frame: RoomFrame) => {
    if ((frame.type === "ack" || frame.type === "error") && frame.clientId !== undefined) {
      clearTimeout(ackTimers.get(frame.clientId));
      ackTimers.delete(frame.clientId);
    }
    dispatch({ type: "frame", frame });
    if (frame.type === "snapshot" || frame.type === "resume") {
      live = true;
      for (const o of state.outgoing) if (o.status === "pending") transmit(o.clientId, o.text);
    }
  };

  const unsubscribeFrames = socket.subscribe(ROOM_FRAMES, onFrame);
  const unsubscribeStatus = socket.onStatus((status) => {
    if (status !== "open") live = false;
    if (status === "reconnecting" || status === "limited") {
      dispatch({ type: "connection", state: status });
    }
  });
  const release = socket.claim({ identity, room: true, after: () => state.messages.at(-1)?.id });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(text) {
      const clientId = newClientId();
      dispatch({ type: "queued", clientId, text });
      transmit(clientId, text);
    },
    retry(clientId) {
      const outgoing = state.outgoing.find((o) => o.clientId === clientId);
      if (!outgoing) return;
      dispatch({ type: "retry", clientId });
      transmit(clientId, outgoing.text);
    },
    leave() {
      unsubscribeFrames();
      unsubscribeStatus();
      release();
      for (const timer of ackTimers.values()) clearTimeout(timer);
      ackTimers.clear();
      listeners.clear();
    },
  };
}
