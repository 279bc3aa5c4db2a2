import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSockets } from "../../../test/harness/web/fake-web-socket.ts";
import type { ServerFrame } from "../../shared/chat.ts";
import { createLiveSocket, type LiveSocket } from "./live-socket.ts";
import type { SocketStatus } from "./reconnecting-socket.ts";

let sockets: ReturnType<typeof fakeSockets>;
let live: LiveSocket;

/** The sockets the page has not closed, by what they carry. */
const openUrls = () =>
  sockets.opened
    .filter((socket) => socket.closedWith === undefined)
    .map((socket) => new URL(socket.url).search);

/** Releases are settled a moment later (a microtask). */
const settled = () => Promise.resolve();

beforeEach(() => {
  vi.useFakeTimers();
  sockets = fakeSockets();
  live = createLiveSocket({ createSocket: sockets.createSocket, events: new EventTarget() });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the tab's live socket", () => {
  it("opens nothing until claimed, and closes when the last claim is released", async () => {
    const statuses: SocketStatus[] = [];
    live.onStatus((status) => statuses.push(status));
    expect(sockets.opened).toHaveLength(0);
    const release = live.claim({ identity: "ada", room: false });
    expect(openUrls()).toEqual(["?room=0"]);
    release();
    release();
    await settled();
    expect(openUrls()).toEqual([]);
    expect(sockets.last().closedWith).toBe(1000);
    expect(statuses).toEqual(["connecting", "idle"]);
  });

  it("carries the room while the room claims it, resuming after the room's last message", async () => {
    const member = live.claim({ identity: "ada", room: false });
    let lastId: number | undefined = 41;
    const room = live.claim({ identity: "ada", room: true, after: () => lastId });
    expect(openUrls()).toEqual(["?after=41"]);

    // A drop: the next socket resumes after what the room has by then.
    lastId = 42;
    sockets.last().serverCloses(1006);
    vi.advanceTimersByTime(15_000);
    expect(openUrls()).toEqual(["?after=42"]);

    room();
    await settled();
    expect(openUrls()).toEqual(["?room=0"]);
    member();
  });

  it("a room without messages asks for the snapshot", () => {
    const room = live.claim({ identity: "anonymous", room: true, after: () => undefined });
    expect(openUrls()).toEqual([""]);
    room();
  });

  it("keeps one socket for claims of the same member, and reconnects for another identity", async () => {
    const first = live.claim({ identity: "ada", room: false });
    const second = live.claim({ identity: "ada", room: false });
    expect(sockets.opened).toHaveLength(1);
    first();
    await settled();
    expect(sockets.opened).toHaveLength(1);
    const other = live.claim({ identity: "bob", room: false });
    expect(sockets.opened).toHaveLength(2);
    expect(openUrls()).toEqual(["?room=0"]);
    second();
    other();
  });

  it("rejoining the room at once (a new identity) costs one new socket, not two", async () => {
    const member = live.claim({ identity: "ada", room: false });
    const room = live.claim({ identity: "ada", room: true, after: () => undefined });
    room();
    const again = live.claim({ identity: "anonymous", room: true, after: () => undefined });
    member();
    await settled();
    expect(sockets.opened).toHaveLength(3);
    expect(openUrls()).toEqual([""]);
    again();
  });

  it("hands each frame to the subscribers of its type only, until they unsubscribe", () => {
    const release = live.claim({ identity: "ada", room: false });
    const heard: ServerFrame[] = [];
    const unsubscribe = live.subscribe(["dm-read", "conversations-changed"], (frame) =>
      heard.push(frame),
    );
    sockets.last().serverSends({ type: "conversations-changed" });
    sockets.last().serverSends({ type: "pong" });
    sockets.last().serverSends({ type: "dm-read", conversation_id: 1, last_read_id: 3 });
    unsubscribe();
    sockets.last().serverSends({ type: "conversations-changed" });
    expect(heard).toEqual([
      { type: "conversations-changed" },
      { type: "dm-read", conversation_id: 1, last_read_id: 3 },
    ]);
    release();
  });

  it("tells its status to whoever listens: open, then reconnecting after a drop", () => {
    const statuses: SocketStatus[] = [];
    const stop = live.onStatus((status) => statuses.push(status));
    const release = live.claim({ identity: "ada", room: false });
    sockets.last().serverOpens();
    sockets.last().serverCloses(1006);
    stop();
    expect(statuses).toEqual(["connecting", "open", "reconnecting"]);
    release();
  });

  it("sends on the current socket", () => {
    const release = live.claim({ identity: "ada", room: false });
    live.send({ type: "ping" });
    expect(sockets.last().frames()).toEqual([{ type: "ping" }]);
    release();
  });
});
