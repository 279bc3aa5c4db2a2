import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHAT_TOO_MANY_RETRY_MS, CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";
import { openChatSocket } from "./chat-socket.ts";

/** A stand-in for the browser's WebSocket: records what is opened, lets the test play the server. */
class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  serverCloses(code: number, reason = "") {
    this.onclose?.({ code, reason });
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

beforeEach(() => {
  FakeWebSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the chat socket", () => {
  it("after a 4429 close says so and waits a minute, not its quick backoff, before trying again", () => {
    const chat = openChatSocket();
    expect(FakeWebSocket.opened).toHaveLength(1);
    FakeWebSocket.opened[0]?.serverCloses(
      CLOSE_TOO_MANY_CONNECTIONS,
      "Too many chat connections open from your address.",
    );
    expect(chat.getState().connection).toBe("limited");
    // A browser going back online does not shortcut the wait either.
    window.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(CHAT_TOO_MANY_RETRY_MS - 1);
    expect(FakeWebSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(CHAT_TOO_MANY_RETRY_MS / 2 + 1);
    expect(FakeWebSocket.opened).toHaveLength(2);
    chat.close();
  });

  it("reconnects quickly after any other close", () => {
    const chat = openChatSocket();
    FakeWebSocket.opened[0]?.serverCloses(1006);
    expect(chat.getState().connection).toBe("reconnecting");
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.opened).toHaveLength(2);
    chat.close();
  });

  it("drops a message when the server says moderators hid it", () => {
    const chat = openChatSocket();
    const socket = FakeWebSocket.opened[0];
    const message = (id: number) => ({
      id,
      userName: "grace",
      userPhotoURL: null,
      text: `m${id}`,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    socket?.serverSends({ type: "snapshot", messages: [message(1), message(2)] });
    socket?.serverSends({ type: "hidden", id: 1 });
    expect(chat.getState().messages.map((m) => m.id)).toEqual([2]);
    chat.close();
  });

  it("sends nothing more once the server said the session ended", () => {
    const chat = openChatSocket();
    const socket = FakeWebSocket.opened[0];
    socket?.serverSends({ type: "snapshot", messages: [] });
    chat.send("first");
    const clientId = JSON.parse(socket?.sent.at(-1) ?? "{}").clientId;
    socket?.serverSends({
      type: "error",
      code: "session-ended",
      message: "Your session has ended. Sign in again to send messages.",
      clientId,
    });
    expect(chat.getState().sessionEnded).toBe(true);
    const before = socket?.sent.length;
    chat.send("second");
    expect(socket?.sent).toHaveLength(before ?? 0);
    chat.close();
  });
});
