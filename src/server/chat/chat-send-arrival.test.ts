import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type WebSocket from "ws";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { type ChatTestClient, isFrame } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { makeEstablished } from "../../../test/harness/moderators.ts";
import { CHAT_RATE_LIMIT, type ServerFrame } from "../../shared/chat.ts";

/**
 * Issue 28, item 17: the 10-in-10-s send limit counts a send when it arrives. Sends that queue
 * behind a held database are served in a burst once it is free; counted then, a client that kept
 * to the pace had most of them refused. The clock is Vitest's fake Date (timers stay real), moved
 * on between sends; the database is held by a transaction that takes the lock every chat send of
 * the account takes (limits/write-limits.ts), so no send gets through until it ends.
 */

let t: ListeningApp;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The server's side of the one client socket open: resolves once it has taken `count` frames. */
function arrivalsOnServer() {
  const [serverSocket] = [...t.app.websocketServer.clients] as WebSocket[];
  if (!serverSocket) throw new Error("no server socket");
  let arrived = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  // Listeners run in order: the app's own (which stamps the arrival) has run before this one.
  serverSocket.on("message", () => {
    arrived++;
    for (const waiter of waiting.filter((w) => w.count <= arrived)) waiter.resolve();
  });
  return (count: number) =>
    new Promise<void>((resolve) => {
      if (arrived >= count) resolve();
      else waiting.push({ count, resolve });
    });
}

/** Holds every chat send of `userId` until `release` is called (the transaction then ends). */
async function holdChatSends(userId: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken = () => {};
  const lockTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const transaction = t.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${"write-limit:chat"}), hashtext(${userId}))`,
    );
    taken();
    await released;
  });
  await lockTaken;
  return async () => {
    release();
    await transaction;
  };
}

const answerTo = (client: ChatTestClient, clientId: string) =>
  client.waitFor(
    (frame: ServerFrame) =>
      (frame.type === "ack" || frame.type === "error") && frame.clientId === clientId,
    20_000,
  );

describe("the chat's send limit during a database stall", () => {
  it("counts each send when it arrived: 20 sends at one per 1.2 s, served after the stall, are all stored", async () => {
    const user = await createSignedInUser(t.app);
    // Past the first day: the database's own chat limit (30 a minute) stays out of the way.
    await makeEstablished(t.database.db, user.userId);
    const client = await chat.join(t.url, { cookie: user.cookie });
    const arrived = arrivalsOnServer();

    const release = await holdChatSends(user.userId);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const ids = Array.from({ length: 20 }, (_, i) => `stall-${i}`);
    for (const [i, clientId] of ids.entries()) {
      client.send({ type: "send", text: `steady ${i}`, clientId });
      await arrived(i + 1);
      // At most 9 earlier sends within any 10 s before a send: under the limit of 10.
      vi.setSystemTime(Date.now() + 1_200);
    }
    await release();
    const answers = await Promise.all(ids.map((id) => answerTo(client, id)));
    expect(answers.filter((frame) => frame.type === "error")).toEqual([]);

    // The limit itself still holds: 11 sends arriving at once, the 11th is refused.
    vi.setSystemTime(Date.now() + CHAT_RATE_LIMIT.windowMs);
    const burst = Array.from({ length: CHAT_RATE_LIMIT.messages + 1 }, (_, i) => `burst-${i}`);
    for (const [i, clientId] of burst.entries()) {
      client.send({ type: "send", text: `burst ${i}`, clientId });
    }
    const burstAnswers = await Promise.all(burst.map((id) => answerTo(client, id)));
    expect(burstAnswers.map((frame) => frame.type)).toEqual([
      ...Array(CHAT_RATE_LIMIT.messages).fill("ack"),
      "error",
    ]);
    expect(burstAnswers.at(-1)).toMatchObject({ code: "too-many-requests" });
    expect(client.frames.filter(isFrame("error"))).toHaveLength(1);
  });
});
