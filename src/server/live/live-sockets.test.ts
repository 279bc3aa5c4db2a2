import type { AddressInfo } from "node:net";
import Fastify, { type FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { CLOSE_SESSION_ENDED, type ServerFrame } from "../../shared/chat.ts";
import { startBlocksCache } from "../blocks/blocks-cache.ts";
import { deliverHere } from "../events/index.ts";
import { buildFrame, createLiveSockets, type LiveSocket, type LiveSockets } from "./index.ts";

/**
 * The registry without any feature: a peer that is neither the room nor direct messages (as a
 * notification peer will be) publishes to members' sockets through it alone (decision 019).
 */

let testDb: TestDatabase;
let live: LiveSockets;
let server: WebSocketServer;
let stopBlocks: () => Promise<void>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const kept = await startBlocksCache(testDb.database);
  stopBlocks = kept.stop;
  const log = Fastify({ logger: false }).log;
  live = createLiveSockets({ database: testDb.database, blocks: kept.blocks, log });
  await live.start(60_000);
  server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
});
afterAll(async () => {
  await live.stop();
  await stopBlocks();
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  await testDb.drop();
});

type Client = {
  live: LiveSocket;
  frames: ServerFrame[];
  closed: Promise<number>;
  pongs: { auto: boolean };
};

/** A real socket pair: the server side accepted and added with `viewer`, the client's frames kept. */
async function open(viewer: { userId: string; sessionId: string } | null): Promise<Client> {
  const { port } = server.address() as AddressInfo;
  const accepted = new Promise<[WebSocket, { socket: unknown }]>((resolve) =>
    server.once("connection", (socket, request) => resolve([socket, request])),
  );
  const pongs = { auto: true };
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { autoPong: false });
  client.on("ping", () => {
    if (pongs.auto) client.pong();
  });
  const frames: ServerFrame[] = [];
  client.on("message", (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => client.once("close", resolve));
  await new Promise((resolve) => client.once("open", resolve));
  const [socket, request] = await accepted;
  const socketLive = live.accept(socket, { raw: request } as unknown as FastifyRequest);
  socketLive.viewer = viewer && { ...viewer, moderator: false, blocked: new Set<string>() };
  live.add(socketLive);
  return { live: socketLive, frames, closed, pongs };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 100));
const CHANGED = buildFrame({ type: "conversations-changed" });

describe("live sockets", () => {
  it("send a member's frame to each of their sockets once, and to nobody else", async () => {
    const [a1, a2, b, reader] = [
      await open({ userId: "a", sessionId: "sa" }),
      await open({ userId: "a", sessionId: "sa2" }),
      await open({ userId: "b", sessionId: "sb" }),
      await open(null),
    ];
    live.enqueue(() => live.toMembers(["a", "a"], CHANGED));
    await until(() => a1.frames.length === 1 && a2.frames.length === 1);
    await settle();
    expect(a1.frames).toEqual([{ type: "conversations-changed" }]);
    expect(a2.frames).toEqual([{ type: "conversations-changed" }]);
    expect(b.frames).toEqual([]);
    expect(reader.frames).toEqual([]);
    for (const client of [a1, a2, b, reader]) client.live.socket.close();
  });

  it("make an ended session's sockets signed-out readers: told once, sent no member frame after", async () => {
    const ended = await open({ userId: "c", sessionId: "ending" });
    const other = await open({ userId: "c", sessionId: "staying" });
    deliverHere(testDb.database.db, { type: "session.ended", sessionId: "ending" });
    live.toMembers(["c"], CHANGED);
    await until(() => other.frames.length === 1 && ended.frames.length === 1);
    await settle();
    expect(ended.frames).toEqual([
      {
        type: "error",
        code: "session-ended",
        message: "Your session has ended. Sign in again to send messages.",
      },
    ]);
    expect(ended.live.viewer).toBeNull();
    expect(other.frames).toEqual([{ type: "conversations-changed" }]);

    // The account closes: every socket it opened goes, the signed-out one too.
    live.closeAccount("c");
    expect(await ended.closed).toBe(CLOSE_SESSION_ENDED);
    expect(await other.closed).toBe(CLOSE_SESSION_ENDED);
  });

  it("cut a socket that did not answer the previous ping, and keep the others", async () => {
    const silent = await open(null);
    const lively = await open(null);
    silent.pongs.auto = false;
    await settle(); // the sockets of the tests before have left
    const before = live.size;
    live.sweep();
    await until(() => lively.live.alive);
    live.sweep();
    expect(await silent.closed).toBe(1006);
    expect(live.size).toBe(before - 1);
    expect(lively.live.socket.readyState).toBe(WebSocket.OPEN);
    lively.live.socket.close();
  });
});
