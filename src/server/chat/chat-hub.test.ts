import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import type { ChatMessage } from "../../shared/chat.ts";
import { users } from "../db/schema.ts";
import { type ChatHub, type ChatSubscriber, createChatHub } from "./chat-hub.ts";
import { insertMessage, notificationPayload } from "./messages-repository.ts";

let testDb: TestDatabase;
let hub: ChatHub;
let server: WebSocketServer;
let userId: string;
let sequence = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  hub = createChatHub({ database: testDb.database, log: Fastify({ logger: false }).log });
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
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  await testDb.drop();
});

/** A real socket pair: the server side becomes a hub subscriber, the client side records frames. */
async function subscriber(): Promise<{
  subscriber: ChatSubscriber;
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
    subscriber: { socket, lastSentId: 0, live: false, waiting: [], alive: true },
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
    hub.join(sub);
    const m1 = await store("during snapshot 1");
    const m2 = await store("during snapshot 2");
    await until(() => sub.waiting.length === 2);
    expect(received()).toEqual([]);

    // The snapshot this socket read already had m1.
    hub.goLive(sub, m1.id);
    const m3 = await store("live");
    await until(() => received().length === 2);
    expect(received()).toEqual([m2, m3]);
    hub.leave(sub);
  });

  it("reads a message too big for a notification from the table", async () => {
    const { subscriber: sub, received } = await subscriber();
    hub.join(sub);
    hub.goLive(sub, 0);
    // Control characters take six bytes each in JSON: far over NOTIFY's 8000-byte limit.
    const big = await store("\u0001".repeat(2000));
    expect(JSON.parse(notificationPayload(big, userId))).toEqual({ id: big.id });
    const after = await store("small one after");
    await until(() => received().length === 2);
    expect(received()).toEqual([big, after]);
    hub.leave(sub);
  });

  it("sends each message once to every live socket, in id order", async () => {
    const subs = [await subscriber(), await subscriber(), await subscriber()];
    for (const { subscriber: sub } of subs) {
      hub.join(sub);
      hub.goLive(sub, 0);
    }
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => store(`burst ${i}`)));
    const ids = sent.map((m) => m.id).sort((a, b) => a - b);
    await until(() => subs.every((s) => s.received().length >= 20));
    await new Promise((r) => setTimeout(r, 50));
    for (const { subscriber: sub, received } of subs) {
      expect(received().map((m) => m.id)).toEqual(ids);
      hub.leave(sub);
    }
  });
});
