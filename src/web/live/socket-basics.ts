import {
  CHAT_PATH,
  CHAT_TOO_MANY_RETRY_MS,
  type ServerFrame,
  serverFrameSchema,
} from "../../shared/chat.ts";

// The tab's socket's address, frame parsing, heartbeat and backoff (reconnecting-socket.ts).

/** Browsers hide WebSocket pings, so the page pings in a frame of its own to spot a dead line. */
export const PING_EVERY_MS = 20_000;
export const PONG_TIMEOUT_MS = 10_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 15_000;

/** ws(s)://<this origin>/api/chat with `params` (after=, room=). */
export function chatSocketUrl(params: Record<string, string>): string {
  const url = new URL(CHAT_PATH, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A server frame, or null for anything the schema does not know. */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = serverFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * How long to wait before reconnect number `attempt` (from 0): exponential with jitter, or a long
 * pause when the server said too many sockets came from here (`limited`).
 */
export function reconnectDelay(attempt: number, limited: boolean): number {
  return limited
    ? CHAT_TOO_MANY_RETRY_MS * (1 + Math.random() / 2)
    : Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
}
