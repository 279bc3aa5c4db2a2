import { asc, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChatTestClient,
  connectChat,
  isAckOf,
  isFrame,
} from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../../../test/harness/server-process.ts";
import {
  createServerStorage,
  type ServerStorage,
  withStorage,
} from "../../../test/harness/server-storage.ts";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import type { ChatMessage } from "../../shared/chat.ts";
import { messages } from "../db/schema.ts";

type Storage = ServerStorage & { users: TestUser[] };

/** The storage of the servers under test, with signed-in members written into it. */
async function prepareStorage(): Promise<Storage> {
  const storage = await createServerStorage(testDatabaseKind);
  const users = await withStorage(storage, async ({ db }) => {
    const seeded: TestUser[] = [];
    for (let i = 0; i < 6; i++) seeded.push(await createSignedInUser(db));
    return seeded;
  });
  return { ...storage, users };
}

const running: ServerProcess[] = [];
const clients: ChatTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
});

async function start(env: Record<string, string>) {
  const server = startServer({ PORT: String(await freePort()), ...env });
  running.push(server);
  await waitForHealthy(server);
  return server;
}

async function connect(url: string, options: Parameters<typeof connectChat>[1] = {}) {
  const client = await connectChat(url, options);
  clients.push(client);
  await client.waitFor((f) => f.type === "snapshot" || f.type === "resume", 10_000);
  return client;
}

describe.skipIf(testDatabaseKind !== "postgres")("two server processes on one PostgreSQL", () => {
  it("deliver each other's messages live", async () => {
    const storage = await prepareStorage();
    try {
      const [a, b] = await Promise.all([start(storage.env), start(storage.env)]);
      const [alice, bob] = storage.users as [TestUser, TestUser];
      const onA = await connect(a.url, { cookie: alice.cookie });
      const onB = await connect(b.url, { cookie: bob.cookie });
      const readerB = await connect(b.url);

      onA.send({ type: "send", text: "hello from A", clientId: "x-1" });
      const fromA = (await onA.waitFor(isAckOf("x-1"))).message;
      for (const client of [onB, readerB]) {
        const got = await client.waitFor(
          (f) => f.type === "message" && f.message.id === fromA.id,
          10_000,
        );
        expect(got).toEqual({ type: "message", message: fromA });
      }

      onB.send({ type: "send", text: "hello from B", clientId: "x-2" });
      const fromB = (await onB.waitFor(isAckOf("x-2"))).message;
      for (const client of [onA, readerB]) {
        await client.waitFor((f) => f.type === "message" && f.message.id === fromB.id, 10_000);
      }
      expect(onA.messages().map((m) => m.text)).toEqual(["hello from A", "hello from B"]);
      expect(readerB.messages().map((m) => m.text)).toEqual(["hello from A", "hello from B"]);
    } finally {
      await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
      await storage.drop();
    }
  }, 60_000);
});

describe("a server killed with SIGKILL mid-stream", () => {
  it("keeps every acknowledged message, and delivers each exactly once after resume", async () => {
    const storage = await prepareStorage();
    try {
      const total = 30;
      const textOf = (i: number) => `stream ${i}`;
      const clientIdOf = (i: number) => `k-${i}`;
      const senderOf = (i: number) => i % storage.users.length;

      // Phase 1: a stream of sends, and the server dies in the middle of it.
      let server = await start(storage.env);
      const reader = await connect(server.url);
      let senders = await Promise.all(
        storage.users.map((user) => connect(server.url, { cookie: user.cookie })),
      );
      const acked = new Map<string, ChatMessage>();
      const collectAcks = () => {
        for (const sender of senders) {
          for (const frame of sender.frames.filter(isFrame("ack"))) {
            acked.set(frame.clientId, frame.message);
          }
        }
      };
      const firstBatch = 15;
      for (let i = 0; i < firstBatch; i++) {
        senders[senderOf(i)]?.send({ type: "send", text: textOf(i), clientId: clientIdOf(i) });
      }
      // Kill once some acks are in but others are still in flight.
      await senders[0]?.waitFor(isFrame("ack"), 10_000);
      server.child.kill("SIGKILL");
      await server.exited;
      await Promise.all([reader, ...senders].map((c) => c.closed));
      collectAcks();
      const ackedBeforeKill = new Map(acked);
      expect(ackedBeforeKill.size).toBeGreaterThan(0);
      // On a fast machine every send may be acked before the kill lands; the checks below hold
      // either way. Each ack answers a send of the first batch, with that send's text.
      for (const [clientId, message] of ackedBeforeKill) {
        const i = Number(clientId.replace("k-", ""));
        expect(i).toBeLessThan(firstBatch);
        expect(message.text).toBe(textOf(i));
      }

      // Phase 2: restart on the same storage; clients reconnect, resume and resend what is unacked.
      server = await start(storage.env);
      const seen = reader.messages();
      const lastSeen = seen.at(-1)?.id ?? 0;
      const resumed = await connect(server.url, { after: lastSeen });
      senders = await Promise.all(
        storage.users.map((user) => connect(server.url, { cookie: user.cookie })),
      );
      for (let i = 0; i < total; i++) {
        if (acked.has(clientIdOf(i))) continue;
        senders[senderOf(i)]?.send({ type: "send", text: textOf(i), clientId: clientIdOf(i) });
      }
      for (let i = 0; i < total; i++) {
        if (acked.has(clientIdOf(i))) continue;
        await senders[senderOf(i)]?.waitFor(isAckOf(clientIdOf(i)), 10_000);
      }
      collectAcks();
      expect(acked.size).toBe(total);
      for (const [clientId, message] of ackedBeforeKill) {
        expect(acked.get(clientId)).toEqual(message);
      }

      // The reader, over its two connections, saw every message exactly once and in order.
      const maxId = Math.max(...[...acked.values()].map((m) => m.id));
      await resumed.waitFor(() => resumed.messages().some((m) => m.id === maxId), 10_000);
      const delivered = [...seen, ...resumed.messages()];
      const ids = delivered.map((m) => m.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(delivered.map((m) => m.text).sort()).toEqual(
        Array.from({ length: total }, (_, i) => textOf(i)).sort(),
      );

      // And the storage holds each message once.
      expect(await server.stop("SIGTERM")).toBe(0);
      const rows = await withStorage(storage, ({ db }) =>
        db
          .select({ id: messages.id, clientId: messages.clientId, text: messages.text })
          .from(messages)
          .where(
            inArray(
              messages.userId,
              storage.users.map((u) => u.userId),
            ),
          )
          .orderBy(asc(messages.id)),
      );
      expect(rows).toHaveLength(total);
      expect(rows.map((r) => Number(r.id))).toEqual(ids);
      for (const row of rows) expect(acked.get(row.clientId)?.id).toBe(Number(row.id));
    } finally {
      await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
      await storage.drop();
    }
  }, 120_000);
});
