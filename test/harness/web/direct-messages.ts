import { afterEach, beforeEach, vi } from "vitest";
import type { ServerFrame } from "../../../src/shared/chat.ts";
import type { DirectMessage } from "../../../src/shared/direct-message.ts";
import type { ConversationSummary } from "../../../src/shared/direct-messages.ts";
import { liveSocket } from "../../../src/web/live/index.ts";

// Direct messages (issue 17) as the web app's Testing Library tests' fake server answers them.

/** Message `id` of conversation `conversationId` by `sender`, a second apart by id. */
export function directMessage(
  id: number,
  sender: string,
  text: string,
  conversationId = 1,
): DirectMessage {
  return {
    id,
    conversation_id: conversationId,
    sender,
    text,
    created_at: new Date(1_700_000_000_000 + id * 1000).toISOString(),
  };
}

/** The viewer's conversation with `username`, open, nothing unread, unless `changes` say otherwise. */
export function conversationWith(
  username: string,
  changes: Partial<ConversationSummary> = {},
): ConversationSummary {
  return {
    id: 1,
    with: { username, img_url: null },
    status: "open",
    last_message: null,
    unread: 0,
    last_read_id: 0,
    started_at: "2026-01-01T10:00:00.000Z",
    origin_post: null,
    ...changes,
  };
}

/**
 * A stand-in for the browser's WebSocket, for screens that open the chat socket: it never connects,
 * and records what was opened (the address says which socket: the room, or `room=0`).
 */
export class IdleWebSocket {
  static opened: IdleWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  readonly url: string;
  closed = false;
  constructor(url: string) {
    this.url = url;
    IdleWebSocket.opened.push(this);
  }
  send() {}
  close() {
    this.closed = true;
  }
  /** Plays the server: `frame` arrives on this socket. */
  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The sockets still open. */
  static open(): IdleWebSocket[] {
    return IdleWebSocket.opened.filter((socket) => !socket.closed);
  }
}

/**
 * Plays the server on the tab's live socket (src/web/live) as a member's page holds it: `frame`
 * reaches every subscriber. The test stubs WebSocket with IdleWebSocket.
 */
export function liveSocketSends(frame: ServerFrame): void {
  const release = liveSocket.claim({ identity: "member", room: false });
  IdleWebSocket.open().at(-1)?.serverSends(frame);
  release();
}

/** A test file whose screens open the live socket calls this at its top: IdleWebSockets, fresh each test. */
export function withIdleWebSockets(): void {
  beforeEach(() => {
    IdleWebSocket.opened = [];
    vi.stubGlobal("WebSocket", IdleWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
