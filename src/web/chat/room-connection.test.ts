import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/harness/web/fake-web-socket.ts";
import { CHAT_TOO_MANY_RETRY_MS, CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";
import { createLiveSocket, type LiveSocket } from "../live/live-socket.ts";
import { joinChatRoom } from "./room-connection.ts";

let sockets: ReturnType<typeof fakeSockets>;
let live: LiveSocket;
let events: EventTarget;

const message = (id: number) => ({
  id,
  userName: "grace",
  userPhotoURL: null,
  text: `m${id}`,
  createdAt: "2026-01-01T00:00:00.000Z",
});

beforeEach(() => {
  vi.useFakeTimers();
  sockets = fakeSockets();
  events = new EventTarget();
  live = createLiveSocket({ createSocket: sockets.createSocket, events });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the chat room on the tab's socket", () => {
  it("after a 4429 close says so and waits a minute, not its quick backoff, before trying again", () => {
    const chat = joinChatRoom(live, "ada");
    expect(sockets.opened).toHaveLength(1);
    sockets
      .last()
      .serverCloses(
        CLOSE_TOO_MANY_CONNECTIONS,
        "Too many chat connections open from your address.",
      );
    expect(chat.getState().connection).toBe("limited");
    // A browser going back online does not shortcut the wait either.
    events.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(CHAT_TOO_MANY_RETRY_MS - 1);
    expect(sockets.opened).toHaveLength(1);
    vi.advanceTimersByTime(CHAT_TOO_MANY_RETRY_MS / 2 + 1);
    expect(sockets.opened).toHaveLength(2);
    chat.leave();
  });

  it("reconnects quickly after any other close, resuming after its last message", () => {
    const chat = joinChatRoom(live, "ada");
    sockets.last().serverSends({ type: "snapshot", messages: [message(1), message(2)] });
    expect(chat.getState().connection).toBe("live");
    sockets.last().serverCloses(1006);
    expect(chat.getState().connection).toBe("reconnecting");
    vi.advanceTimersByTime(1_000);
    expect(sockets.opened).toHaveLength(2);
    expect(new URL(sockets.last().url).searchParams.get("after")).toBe("2");
    sockets.last().serverSends({ type: "resume", messages: [message(3)] });
    expect(chat.getState().messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(chat.getState().connection).toBe("live");
    chat.leave();
  });

  it("keeps what is typed while reconnecting and sends it once the room is live again", () => {
    const chat = joinChatRoom(live, "ada");
    sockets.last().serverSends({ type: "snapshot", messages: [] });
    sockets.last().serverCloses(1006);
    chat.send("while away");
    vi.advanceTimersByTime(1_000);
    const next = sockets.last();
    expect(next.sent).toEqual([]);
    next.serverSends({ type: "resume", messages: [] });
    expect(next.frames()).toMatchObject([{ type: "send", text: "while away" }]);
    chat.leave();
  });

  it("marks a message failed when no ack comes within 10 s", () => {
    const chat = joinChatRoom(live, "ada");
    sockets.last().serverSends({ type: "snapshot", messages: [] });
    chat.send("hello?");
    vi.advanceTimersByTime(10_000);
    expect(chat.getState().outgoing).toMatchObject([{ status: "failed", text: "hello?" }]);
    chat.leave();
  });

  it("drops a message when the server says moderators hid it", () => {
    const chat = joinChatRoom(live, "ada");
    sockets.last().serverSends({ type: "snapshot", messages: [message(1), message(2)] });
    sockets.last().serverSends({ type: "hidden", id: 1 });
    expect(chat.getState().messages.map((m) => m.id)).toEqual([2]);
    chat.leave();
  });

  it("sends nothing more once the server said the session ended", () => {
    const chat = joinChatRoom(live, "ada");
    const socket = sockets.last();
    socket.serverSends({ type: "snapshot", messages: [] });
    chat.send("first");
    const clientId = JSON.parse(socket.sent.at(-1) ?? "{}").clientId;
    socket.serverSends({
      type: "error",
      code: "session-ended",
      message: "Your session has ended. Sign in again to send messages.",
      clientId,
    });
    expect(chat.getState().sessionEnded).toBe(true);
    const before = socket.sent.length;
    chat.send("second");
    expect(socket.sent).toHaveLength(before);
    chat.leave();
  });

  it("ignores a member's direct message frames, which are not the room's", () => {
    const chat = joinChatRoom(live, "ada");
    sockets.last().serverSends({ type: "snapshot", messages: [message(1)] });
    const before = chat.getState();
    sockets.last().serverSends({ type: "conversations-changed" });
    expect(chat.getState()).toBe(before);
    chat.leave();
  });

  it("leaving releases the socket", async () => {
    const chat = joinChatRoom(live, "ada");
    chat.leave();
    await Promise.resolve();
    expect(sockets.last().closedWith).toBe(1000);
  });
});
