import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/harness/web/fake-web-socket.ts";
import {
  CHAT_TOO_MANY_RETRY_MS,
  CLOSE_GOING_AWAY,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY_CONNECTIONS,
  type ServerFrame,
} from "../../shared/chat.ts";
import { openReconnectingSocket, type SocketStatus } from "./reconnecting-socket.ts";
import { PING_EVERY_MS, PONG_TIMEOUT_MS } from "./socket-basics.ts";

let sockets: ReturnType<typeof fakeSockets>;
let events: EventTarget;
let statuses: SocketStatus[];
let frames: ServerFrame[];
let address: string;

/** Opens the socket under test; the jitter is fixed at its largest, so delays are exact. */
function open() {
  return openReconnectingSocket({
    url: () => address,
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    createSocket: sockets.createSocket,
    events,
  });
}

/** Advances the clock by `ms` and says how many sockets were made by then. */
function elapse(ms: number) {
  vi.advanceTimersByTime(ms);
  return sockets.opened.length;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(1);
  sockets = fakeSockets();
  events = new EventTarget();
  statuses = [];
  frames = [];
  address = "ws://localhost/api/chat?room=0";
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the reconnecting socket", () => {
  it("connects at once, says when it is open, and hands on the frames it understands", () => {
    const line = open();
    expect(sockets.last().url).toBe(address);
    expect(statuses).toEqual(["connecting"]);
    sockets.last().serverOpens();
    sockets.last().serverSends({ type: "conversations-changed" });
    sockets.last().serverSends("not json");
    sockets.last().serverSends({ type: "no-such-frame" });
    expect(statuses).toEqual(["connecting", "open"]);
    expect(frames).toEqual([{ type: "conversations-changed" }]);
    line.close();
  });

  it("reconnects after a close, waiting twice as long after each failed attempt", () => {
    const line = open();
    // After the nth failure: the wait before attempt n + 1 (sockets made so far: n).
    for (const [attempts, wait] of [
      [1, 500],
      [2, 1_000],
      [3, 2_000],
    ] as const) {
      sockets.last().serverCloses(1006);
      expect(statuses.at(-1)).toBe("reconnecting");
      expect(elapse(wait - 1)).toBe(attempts);
      expect(elapse(1)).toBe(attempts + 1);
    }
    line.close();
  });

  it("waits at most 15 s between attempts", () => {
    const line = open();
    for (let attempt = 0; attempt < 10; attempt++) {
      sockets.last().serverCloses(1006);
      vi.advanceTimersByTime(15_000);
    }
    sockets.last().serverCloses(1006);
    expect(elapse(14_999)).toBe(11);
    expect(elapse(1)).toBe(12);
    line.close();
  });

  it("starts the backoff over once the server answered, but not after an error frame", () => {
    const line = open();
    sockets.last().serverCloses(1006);
    elapse(500);
    sockets.last().serverSends({
      type: "error",
      code: "storage-unavailable",
      message: "The chat is briefly unavailable. Reconnecting…",
    });
    sockets.last().serverCloses(1011);
    expect(elapse(999)).toBe(2);
    expect(elapse(1)).toBe(3);
    sockets.last().serverSends({ type: "snapshot", messages: [] });
    sockets.last().serverCloses(1006);
    expect(elapse(500)).toBe(4);
    line.close();
  });

  it("reconnects quickly after the server goes away (1001) or ends the session (4401)", () => {
    const line = open();
    sockets.last().serverCloses(CLOSE_GOING_AWAY, "going away");
    expect(elapse(500)).toBe(2);
    sockets.last().serverSends({ type: "pong" });
    sockets.last().serverCloses(CLOSE_SESSION_ENDED, "session ended");
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(elapse(500)).toBe(3);
    line.close();
  });

  it("after 4429 says it is limited and waits a minute, even when the browser comes online", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const line = open();
    sockets.last().serverCloses(CLOSE_TOO_MANY_CONNECTIONS, "Too many chat connections.");
    expect(statuses.at(-1)).toBe("limited");
    events.dispatchEvent(new Event("online"));
    expect(elapse(CHAT_TOO_MANY_RETRY_MS - 1)).toBe(1);
    expect(elapse(1)).toBe(2);
    line.close();
  });

  it("pings every 20 s and gives up on a line that stays silent 10 s after a ping", () => {
    const line = open();
    const first = sockets.last();
    first.serverOpens();
    vi.advanceTimersByTime(PING_EVERY_MS);
    expect(first.frames()).toEqual([{ type: "ping" }]);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
    expect(first.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(elapse(500)).toBe(2);
    // The line it gave up on is not heard any more.
    first.serverSends({ type: "conversations-changed" });
    first.serverCloses(1006);
    expect(frames).toEqual([]);
    expect(elapse(60_000)).toBe(2);
    line.close();
  });

  it("keeps a line that answers its pings", () => {
    const line = open();
    sockets.last().serverOpens();
    for (let round = 0; round < 3; round++) {
      vi.advanceTimersByTime(PING_EVERY_MS);
      sockets.last().serverSends({ type: "pong" });
    }
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(sockets.opened).toHaveLength(1);
    expect(sockets.last().closedWith).toBeUndefined();
    expect(sockets.last().frames()).toHaveLength(3);
    line.close();
  });

  it("drops the line when the browser goes offline, and connects at once when it is back", () => {
    const line = open();
    const first = sockets.last();
    first.serverOpens();
    events.dispatchEvent(new Event("offline"));
    expect(first.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe("reconnecting");
    events.dispatchEvent(new Event("online"));
    expect(sockets.opened).toHaveLength(2);
    // The retry it had planned does not open a third.
    expect(elapse(60_000)).toBe(2);
    line.close();
  });

  it("going online while connected changes nothing", () => {
    const line = open();
    sockets.last().serverOpens();
    events.dispatchEvent(new Event("online"));
    expect(sockets.opened).toHaveLength(1);
    line.close();
  });

  it("reconnect() replaces the socket at once, at the address of the moment", () => {
    const line = open();
    address = "ws://localhost/api/chat?after=7";
    line.reconnect();
    expect(sockets.opened.map((s) => s.closedWith)).toEqual([1000, undefined]);
    expect(sockets.last().url).toBe(address);
    line.close();
  });

  it("close() closes with 1000 and stops: no retry, no heartbeat, deaf to online", () => {
    const line = open();
    sockets.last().serverOpens();
    line.close();
    expect(sockets.last().closedWith).toBe(1000);
    sockets.last().serverCloses(1000);
    events.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(120_000);
    expect(sockets.opened).toHaveLength(1);
    expect(sockets.last().sent).toEqual([]);
  });

  it("writes frames on the current socket", () => {
    const line = open();
    sockets.last().serverOpens();
    line.send({ type: "send", text: "Hi", clientId: "c1" });
    expect(sockets.last().frames()).toEqual([{ type: "send", text: "Hi", clientId: "c1" }]);
    line.close();
  });
});
