import { CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";
import { publishDirectMessageFrame, publishLive } from "./live-events.ts";
import {
  chatSocketUrl,
  PING_EVERY_MS,
  PONG_TIMEOUT_MS,
  parseServerFrame,
  reconnectDelay,
} from "./socket-basics.ts";

type Options = {
  /** The server ended the session this socket was opened with (signed out everywhere, suspended). */
  onSessionEnded?: () => void;
};

/**
 * A member's socket on pages without the room (`room=0`): direct message frames only, published on
 * the tab's bus. Reconnects with backoff like the room's socket; every (re)connect is published as
 * `reconnected`, so the conversation reads refetch what came meanwhile. Returns the close.
 */
export function openLiveSocket({ onSessionEnded }: Options = {}): () => void {
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const stopHeartbeat = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
  };

  const lost = (limited = false) => {
    socket = null;
    stopHeartbeat();
    if (closed) return;
    const delay = reconnectDelay(attempt, limited);
    attempt++;
    reconnectTimer = setTimeout(connect, delay);
  };

  function connect() {
    if (closed) return;
    const ws = new WebSocket(chatSocketUrl({ room: "0" }));
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      publishLive({ type: "reconnected" });
      pingTimer = setInterval(() => {
        if (socket !== ws) return;
        ws.send(JSON.stringify({ type: "ping" }));
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          if (socket !== ws) return;
          ws.close();
          lost();
        }, PONG_TIMEOUT_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      clearTimeout(pongTimer);
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.type === "error" && frame.code === "session-ended") onSessionEnded?.();
      else publishDirectMessageFrame(frame);
    };
    ws.onclose = (event) => {
      if (socket === ws) lost(event.code === CLOSE_TOO_MANY_CONNECTIONS);
    };
  }

  const onOnline = () => {
    if (socket || closed) return;
    clearTimeout(reconnectTimer);
    attempt = 0;
    connect();
  };
  window.addEventListener("online", onOnline);
  connect();

  return () => {
    closed = true;
    window.removeEventListener("online", onOnline);
    clearTimeout(reconnectTimer);
    stopHeartbeat();
    const ws = socket;
    socket = null;
    ws?.close(1000);
  };
}
