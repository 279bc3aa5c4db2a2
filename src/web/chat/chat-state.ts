import type { ChatMessage, ServerFrame } from "../../shared/chat.ts";
import type { OutgoingMessage } from "../message-log/index.ts";

/** `limited`: the server refused the socket (too many from this address); it retries later. */
export type ConnectionState = "connecting" | "live" | "reconnecting" | "limited";

export type ChatState = {
  /** Stored messages, in id order, without duplicates. */
  messages: ChatMessage[];
  outgoing: OutgoingMessage[];
  connection: ConnectionState;
  /** The session this socket was opened with has ended: it only reads from now on. */
  sessionEnded: boolean;
};

/** How many messages the page keeps; older ones drop off the top. */
export const KEPT_MESSAGES = 500;

export const initialChatState: ChatState = {
  messages: [],
  outgoing: [],
  connection: "connecting",
  sessionEnded: false,
};

/** The frames of the tab's socket that belong to the room (the rest are a member's, issue 17). */
export const ROOM_FRAMES = ["snapshot", "resume", "message", "ack", "error", "hidden"] as const;
export type RoomFrame = Extract<ServerFrame, { type: (typeof ROOM_FRAMES)[number] }>;

export type ChatEvent =
  | { type: "frame"; frame: ServerFrame }
  | { type: "connection"; state: ConnectionState }
  | { type: "queued"; clientId: string; text: string }
  | { type: "retry"; clientId: string }
  | { type: "failed"; clientId: string; error: string };

/** Adds messages the list does not have yet, keeping id order. */
function merge(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const last = list.at(-1)?.id ?? 0;
  const fresh = incoming.filter((m) => m.id > last);
  const late = incoming.filter((m) => m.id <= last && !list.some((have) => have.id === m.id));
  if (fresh.length === 0 && late.length === 0) return list;
  const merged = late.length
    ? [...list, ...late, ...fresh].sort((a, b) => a.id - b.id)
    : [...list, ...fresh];
  return merged.length > KEPT_MESSAGES ? merged.slice(-KEPT_MESSAGES) : merged;
}

const withoutOutgoing = (state: ChatState, clientId: string) =>
  state.outgoing.filter((o) => o.clientId !== clientId);

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case "connection":
      return state.connection === event.state ? state : { ...state, connection: event.state };
    case "queued":
      return {
        ...state,
        outgoing: [
          ...state.outgoing,
          { clientId: event.clientId, text: event.text, status: "pending" },
        ],
      };
    case "retry":
      return {
        ...state,
        outgoing: state.outgoing.map((o) =>
          o.clientId === event.clientId
            ? { clientId: o.clientId, text: o.text, status: "pending" }
            : o,
        ),
      };
    case "failed":
      return {
        ...state,
        outgoing: state.outgoing.map((o) =>
          o.clientId === event.clientId ? { ...o, status: "failed", error: event.error } : o,
        ),
      };
    case "frame":
      return applyFrame(state, event.frame);
  }
}

function applyFrame(state: ChatState, frame: ServerFrame): ChatState {
  switch (frame.type) {
    case "snapshot":
      return { ...state, messages: frame.messages.slice(-KEPT_MESSAGES), connection: "live" };
    case "resume":
      return { ...state, messages: merge(state.messages, frame.messages), connection: "live" };
    case "message":
      return { ...state, messages: merge(state.messages, [frame.message]) };
    case "ack":
      return {
        ...state,
        messages: merge(state.messages, [frame.message]),
        outgoing: withoutOutgoing(state, frame.clientId),
      };
    case "error": {
      if (frame.code === "session-ended") {
        // Nothing of ours can be sent on this socket any more.
        return {
          ...state,
          sessionEnded: true,
          outgoing: state.outgoing.map((o) => ({ ...o, status: "failed", error: frame.message })),
        };
      }
      const { clientId } = frame;
      if (!clientId || !state.outgoing.some((o) => o.clientId === clientId)) return state;
      return chatReducer(state, { type: "failed", clientId, error: frame.message });
    }
    case "pong":
    // A member's frames (direct messages, notifications) are not the room's; it never subscribes.
    case "dm":
    case "dm-read":
    case "conversations-changed":
    case "notifications-changed":
      return state;
    case "hidden":
      // Moderators hid it, and this reader may not see it any more (issue 16).
      return state.messages.some((m) => m.id === frame.id)
        ? { ...state, messages: state.messages.filter((m) => m.id !== frame.id) }
        : state;
  }
}
