import { afterEach, describe, expect, it } from "vitest";
import type { DirectMessage } from "../../src/shared/direct-message.ts";
import { connectChat } from "../harness/chat-test-client.ts";
import { freshStorage, requestJson, startOn, twoMembersOn } from "./server-client.ts";

/**
 * Issue 17: direct messages keep the room's guarantees across a crash. The server is killed while
 * a member sends; after the restart the sender resends what it has no answer for (same clientId),
 * and the recipient's new socket and the conversation's page hold every message exactly once, in
 * order. A socket has nothing to replay: the page reads the conversation again after reconnecting.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("direct messages across a server crash", () => {
  it("keeps every answered message, stores resends once, and loses nothing", async () => {
    const storage = await freshStorage(cleanups);
    const { alice, bob } = await twoMembersOn(storage);
    const total = 24;
    const textOf = (i: number) => `crash test ${i}`;
    const send = (server: { url: string }, i: number) =>
      requestJson(
        server,
        "POST",
        `/api/conversations/with/${alice.username}/messages`,
        bob.cookie,
        {
          text: textOf(i),
          clientId: `crash-${i}`,
        },
      );

    // Phase 1: a burst of sends; the server is killed once the first answers are in.
    let server = await startOn(storage, cleanups);
    const answered = new Map<number, DirectMessage>();
    const burst = Array.from({ length: total / 2 }, (_, i) =>
      send(server, i)
        .then((answer) => {
          if (answer.status === 201)
            answered.set(i, (answer.body as { message: DirectMessage }).message);
        })
        .catch(() => undefined),
    );
    await Promise.race(burst);
    server.child.kill("SIGKILL");
    await server.exited;
    await Promise.all(burst);
    const answeredBeforeCrash = new Map(answered);
    expect(answeredBeforeCrash.size).toBeGreaterThan(0);

    // Phase 2: restart; Alice's tab reconnects (a socket without the room, as on any page but
    // /chatapp) and Bob resends what has no answer, then writes the rest.
    server = await startOn(storage, cleanups);
    const tab = await connectChat(server.url, { cookie: alice.cookie, room: "0" });
    cleanups.push(async () => tab.socket.terminate());
    for (let i = 0; i < total; i++) {
      const answer = await send(server, i);
      const message = (answer.body as { message: DirectMessage }).message;
      if (answeredBeforeCrash.has(i)) {
        // Already stored: answered again with the same message, not stored twice.
        expect(answer.status).toBe(200);
        expect(message).toEqual(answeredBeforeCrash.get(i));
      } else {
        expect([200, 201]).toContain(answer.status);
      }
      answered.set(i, message);
    }
    const ids = [...answered.values()].map((message) => message.id);
    expect(new Set(ids).size).toBe(total);

    // Live: every message written after the reconnect reached Alice's socket, once.
    const lastId = Math.max(...ids);
    await tab.waitFor((frame) => frame.type === "dm" && frame.message.id === lastId, 10_000);
    const live = tab.frames.flatMap((frame) => (frame.type === "dm" ? [frame.message.id] : []));
    expect(new Set(live).size).toBe(live.length);

    // The page Alice reads after reconnecting: each message once, in id order, with its text.
    const page = await requestJson(
      server,
      "GET",
      `/api/conversations/with/${bob.username}`,
      alice.cookie,
    );
    expect(page.status).toBe(200);
    const read = (page.body as { messages: DirectMessage[] }).messages;
    expect(read.map((message) => message.id)).toEqual([...ids].sort((a, b) => a - b));
    expect(read.map((message) => message.text).sort()).toEqual(
      Array.from({ length: total }, (_, i) => textOf(i)).sort(),
    );
  }, 120_000);
});
