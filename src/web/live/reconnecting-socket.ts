import {
  CLOSE_TOO_MANY_CONNECTIONS,
  type ClientFrame,
  type ServerFrame,
} from "../../shared/chat.ts";
import {
  PING_EVERY_MS,
  PONG_TIMEOUT_MS,
  parseServerFrame,
  reconnectDelay,
} from "./socket-basics.ts";

/**
 * Where the line stands. `reconnecting`: lost, trying again soon; `limited`: the server refused it
 * (too many sockets from this address, 4429), trying again in about a minute.
 */
export type SocketStatus = "idle" | "connecting" | "open" | "reconnecting" | "limited";

export type LineOptions = {
  /** The address of each (re)connect, read when it starts (the room resumes from its last id). */
  url: () => string;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus) => void;
  /** Tests pass a fake; the browser's WebSocket otherwise, as it is when a connect starts. */
  createSocket?: (url: string) => WebSocket;
  /** Where the browser's `online` and `offline` events come from. */
  events?: Pick<Window, "addEventListener" | "removeEventListener">;
};

export type ReconnectingSocket = {
  /** Writes `frame` on the current socket, if there is one. */
  send(frame: ClientFrame): void;
  /** Drops the current socket and connects again at once (the address or the session changed). */
  reconnect(): void;
  close(): void;
};

/**
 * A WebSocket that stays up: it reconnects after any close with exponential backoff (a minute
 * after 4429), pings in frames of its own and gives up on a silent line, drops the line when the
 * browser goes offline and tries again at once when it is back online.
 */
export function openReconnectingSocket({
  url,
  onFrame,
  onStatus,
  createSocket = (address) => new WebSocket(address),
  events = window,
}: LineOptions): ReconnectingSocket {
  let socket: WebSocket | null = null;
  let closed = false;
  let limited = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const stopHeartbeat = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
  };

  const drop = () => {
    const ws = socket;
    socket = null;
    stopHeartbeat();
    clearTimeout(retryTimer);
    ws?.close(1000);
  };

  const lost = (refused: boolean) => {
    drop();
    if (closed) return;
    limited = refused;
    onStatus(refused ? "limited" : "reconnecting");
    retryTimer = setTimeout(connect, reconnectDelay(attempt, refused));
    attempt++;
  };

  function connect() {
    if (closed) return;
    limited = false;
    const ws = createSocket(url());
    socket = ws;
    onStatus("connecting");
    ws.onopen = () => {
      if (socket !== ws) return;
      onStatus("open");
      pingTimer = setInterval(() => {
        if (socket !== ws) return;
        ws.send(JSON.stringify({ type: "ping" } satisfies ClientFrame));
        clearTimeout(pongTimer);
        // Silent line: give up on it now rather than wait for TCP to notice.
        pongTimer = setTimeout(() => socket === ws && lost(false), PONG_TIMEOUT_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      clearTimeout(pongTimer);
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      // The server answered: the line works, so the next loss starts the backoff over. An error
      // does not count: a failing server sends one and closes, and must not be retried quickly.
      if (frame.type !== "error") attempt = 0;
      onFrame(frame);
    };
    ws.onclose = (event) => {
      if (socket === ws) lost(event.code === CLOSE_TOO_MANY_CONNECTIONS);
    };
  }

  const onOnline = () => {
    // A refused address stays refused for its minute, online or not.
    if (socket || closed || limited) return;
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  };
  const onOffline = () => {
    if (socket) lost(false);
  };
  events.addEventListener("online", onOnline);
  events.addEventListener("offline", onOffline);
  connect();

  return {
    send(frame) {
      socket?.send(JSON.stringify(frame));
    },
    reconnect() {
      if (closed) return;
      drop();
      attempt = 0;
      connect();
    },
    close() {
      closed = true;
      events.removeEventListener("online", onOnline);
      events.removeEventListener("offline", onOffline);
      drop();
    },
  };
}
