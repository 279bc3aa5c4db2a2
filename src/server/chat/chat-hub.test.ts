import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import type { ChatMessage } from "../../shared/chat.ts";
import { startBlocksCache } from "../blocks/blocks-cache.ts";
import { users } from "../db/schema.ts";
import { createLiveSockets, type LiveSockets } from "../live/index.ts";
import { type ChatHub, createChatHub } from "./chat-hub.ts";
import type { RoomMember } from "./chat-room.ts";
import { insertMessage, messageEvent } from "./messages-repository.ts";

let testDb: TestDatabase;
let live: LiveSockets;
let hub: ChatHub;
let server: WebSocketServer;
let userId: string;
let stopBlocks: () => Promise<void>;
let sequence = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const log = Fastify({ logger: false }).log;
  const kept = await startBlocksCache(testDb.database);
  stopBlocks = kept.stop;
  live = createLiveSockets({ database: testDb.database, blocks: kept.blocks, log });
  await live.start();
  hub = createChatHub({ database: testDb.database, log, live });
  await hub.start();
  server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const [user] = await testDb.database.db
    .insert(users)
    .values({ email: "hub@example.test" })
    .returning();
  userId = user?.id ?? "";
});
afterAll(async () => {
  await hub.stop();
  await live.stop();
  await stopBlocks();
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  await testDb.drop();
});

/** A real socket pair: the server side joins the room, the client side records frames. */
async function subscriber(): Promise<{
  subscriber: RoomMember;
  received: () => ChatMessage[];
}> {
  const { port } = server.address() as AddressInfo;
  const accepted = new Promise<WebSocket>((resolve) => server.once("connection", resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const frames: ChatMessage[] = [];
  client.on("message", (data) => frames.push(JSON.parse(String(data)).message));
  await new Promise((resolve) => client.once("open", resolve));
  const socket = await accepted;
  return {
    subscriber: hub.room.join({ socket, alive: true }),
    received: () => frames,
  };
}

const store = (text: string) =>
  insertMessage(testDb.database.db, {
    userId,
    userName: "hub",
    userPhotoUrl: null,
    text,
    clientId: `hub-${++sequence}`,
  }).then((r) => r.message);

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("chat hub", () => {
  it("holds messages back while a socket reads its snapshot, then sends only the newer ones", async () => {
    const { subscriber: sub, received } = await subscriber();
    const m1 = await store("during snapshot 1");
    const m2 = await store("during snapshot 2");
    await until(() => sub.waiting.length === 2);
    expect(received()).toEqual([]);

    // The snapshot this socket read already had m1.
    hub.room.goLive(sub, m1.id);
    const m3 = await store("live");
    await until(() => received().length === 2);
    expect(received()).toEqual([m2, m3]);
    hub.room.leave(sub);
  });

  it("reads a message too big for a notification from the table", async () => {
    const { subscriber: sub, received } = await subscriber();
    hub.room.goLive(sub, 0);
    // Control characters take six bytes each in JSON: far over NOTIFY's 8000-byte limit.
    const big = await store("\u0001".repeat(2000));
    expect(messageEvent(big, userId)).toEqual({ type: "chat.message", id: big.id });
    const after = await store("small one after");
    await until(() => received().length === 2);
    expect(received()).toEqual([big, after]);
    hub.room.leave(sub);
  });

  it("sends each message once to every live socket, in id order", async () => {
    const subs = [await subscriber(), await subscriber(), await subscriber()];
    for (const { subscriber: sub } of subs) {
      hub.room.goLive(sub, 0);
    }
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => store(`burst ${i}`)));
    const ids = sent.map((m) => m.id).sort((a, b) => a - b);
    await until(() => subs.every((s) => s.received().length >= 20));
    await new Promise((r) => setTimeout(r, 50));
    for (const { subscriber: sub, received } of subs) {
      expect(received().map((m) => m.id)).toEqual(ids);
      hub.room.leave(sub);
    }
  });
});
