import {
  CLOSE_TOO_MANY_CONNECTIONS,
  type ClientFrame,
  type ServerFrame,
} from "../../shared/chat.ts";
import {
  chatSocketUrl,
  PING_EVERY_MS,
  PONG_TIMEOUT_MS,
  parseServerFrame,
  publishDirectMessageFrame,
  publishLive,
  reconnectDelay,
  roomSocketOpened,
} from "../live/index.ts";
import { newClientId } from "../message-log/index.ts";
import { type ChatEvent, type ChatState, chatReducer, initialChatState } from "./chat-state.ts";

/** No ack by then: the message shows as failed, with a retry. */
const ACK_TIMEOUT_MS = 10_000;

export type ChatSocket = {
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  send(text: string): void;
  retry(clientId: string): void;
  close(): void;
};

/**
 * The chat room's live connection: opens the socket, reconnects with backoff and resumes from the
 * last message it has (so nothing is lost or shown twice), and sends our messages with a clientId
 * so a resend after a lost ack is stored once. Messages typed while offline go out on reconnect.
 * While it is open the tab needs no other socket: it brings the member's direct message frames too.
 */
export function openChatSocket(initial: ChatState = initialChatState): ChatSocket {
  const releaseRoom = roomSocketOpened();
  let state = initial;
  const listeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let live = false;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  const ackTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const dispatch = (event: ChatEvent) => {
    const next = chatReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const write = (frame: ClientFrame) => socket?.send(JSON.stringify(frame));

  const transmit = (clientId: string, text: string) => {
    clearTimeout(ackTimers.get(clientId));
    ackTimers.set(
      clientId,
      setTimeout(() => {
        ackTimers.delete(clientId);
        dispatch({ type: "failed", clientId, error: "No answer from the server." });
      }, ACK_TIMEOUT_MS),
    );
    if (live && !state.sessionEnded) write({ type: "send", text, clientId });
  };

  const stopHeartbeat = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
  };

  /** `limited`: the server said too many sockets from here; a quick retry would be refused too. */
  const lost = (limited = false) => {
    socket = null;
    live = false;
    stopHeartbeat();
    if (closed) return;
    dispatch({ type: "connection", state: limited ? "limited" : "reconnecting" });
    const delay = reconnectDelay(attempt, limited);
    attempt++;
    reconnectTimer = setTimeout(connect, delay);
  };

  const onFrame = (frame: ServerFrame) => {
    // A member's direct message frames come on this socket too: they are the tab's, not the room's.
    if (publishDirectMessageFrame(frame)) return;
    if (frame.type === "ack" || frame.type === "error") {
      const clientId = frame.clientId;
      if (clientId !== undefined) {
        clearTimeout(ackTimers.get(clientId));
        ackTimers.delete(clientId);
      }
    }
    dispatch({ type: "frame", frame });
    if (frame.type === "snapshot" || frame.type === "resume") {
      live = true;
      attempt = 0;
      publishLive({ type: "reconnected" });
      for (const o of state.outgoing) if (o.status === "pending") transmit(o.clientId, o.text);
    }
  };

  function connect() {
    if (closed) return;
    const lastId = state.messages.at(-1)?.id;
    const ws = new WebSocket(chatSocketUrl(lastId === undefined ? {} : { after: String(lastId) }));
    socket = ws;
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      clearTimeout(pongTimer);
      const frame = parseServerFrame(event.data);
      if (frame) onFrame(frame);
    };
    ws.onopen = () => {
      pingTimer = setInterval(() => {
        if (socket !== ws) return;
        write({ type: "ping" });
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          // Silent line: give up on it now rather than wait for TCP to notice.
          if (socket !== ws) return;
          ws.close();
          lost();
        }, PONG_TIMEOUT_MS);
      }, PING_EVERY_MS);
    };
    ws.onclose = (event) => {
      if (socket === ws) lost(event.code === CLOSE_TOO_MANY_CONNECTIONS);
    };
  }

  const onOnline = () => {
    if (socket || closed || state.connection === "limited") return;
    clearTimeout(reconnectTimer);
    attempt = 0;
    connect();
  };
  window.addEventListener("online", onOnline);
  connect();

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
    close() {
      closed = true;
      releaseRoom();
      window.removeEventListener("online", onOnline);
      clearTimeout(reconnectTimer);
      stopHeartbeat();
      for (const timer of ackTimers.values()) clearTimeout(timer);
      ackTimers.clear();
      const ws = socket;
      socket = null;
      ws?.close(1000);
      listeners.clear();
    },
  };
}
