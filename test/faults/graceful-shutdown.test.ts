import net from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { posts } from "../../src/server/db/schema.ts";
import { CLOSE_GOING_AWAY } from "../../src/shared/chat.ts";
import { connectChat, isFrame } from "../harness/chat-test-client.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import { freshStorage, signUp, startOn } from "./server-client.ts";

/**
 * SIGTERM to a real server process: it stops accepting connections, lets a request already in
 * flight finish and answers it, closes chat sockets with 1001 'going away' so clients reconnect
 * elsewhere, closes its storage cleanly and exits 0; a client that never finishes its request cannot
 * hold it past the 10 s grace of src/server/main.ts.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/**
 * A raw connection that sends a request's head and part of its body now, the rest later. It asks
 * for `100 Continue`, which Node's server sends once it has read the head and handed the request to
 * the app: resolves then, with the request in flight.
 */
async function slowUpload(port: number, cookie: string, body: string) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let received = "";
  const continued = Promise.withResolvers<void>();
  const CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n";
  socket.on("data", (chunk) => {
    received += chunk.toString("utf8");
    if (received.startsWith(CONTINUE)) {
      received = received.slice(CONTINUE.length);
      continued.resolve();
    }
  });
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      continued.reject(new Error(`closed before 100 Continue: ${received}`));
      resolve();
    }),
  );
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/articles HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
      `Expect: 100-continue\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  await continued.promise;
  return {
    finish: () => socket.write(body.slice(half)),
    answer: async () => {
      await closed;
      const [head = "", payload = ""] = received.split("\r\n\r\n");
      return { status: Number(head.split(" ")[1]), head, payload };
    },
    destroy: () => socket.destroy(),
  };
}

/** A chat socket that completes the handshake and then never answers: not even the close. */
async function deafChatSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(
    `GET /api/chat HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("data", (chunk) =>
      String(chunk).startsWith("HTTP/1.1 101") ? resolve() : reject(new Error(String(chunk))),
    );
  });
  return socket;
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`);
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  }
}

describe(`graceful shutdown on SIGTERM (${testDatabaseKind})`, () => {
  it("finishes the request in flight, refuses new connections, closes chat with 1001, exits 0", async () => {
    const storage = await freshStorage(cleanups);
    const server = await startOn(storage, cleanups);
    const member = await signUp(server, "leaver");
    const reader = await connectChat(server.url);
    const writer = await connectChat(server.url, { cookie: member.cookie });
    await Promise.all([reader.waitFor(isFrame("snapshot")), writer.waitFor(isFrame("snapshot"))]);

    const post = { title: "Sent during shutdown", topic: "Faults", body: "x".repeat(2_000) };
    const upload = await slowUpload(server.port, member.cookie, JSON.stringify(post));
    cleanups.push(async () => upload.destroy());

    // A peer that never answers the close keeps the listener open for the 1 s grace of
    // live/close-live-sockets.ts: a request arriving then is refused in the error shape.
    const deaf = await deafChatSocket(server.port);
    cleanups.push(async () => deaf.destroy());

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    let during = await fetch(`${server.url}/api/health`);
    while (during.status === 200) during = await fetch(`${server.url}/api/health`);
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("1");
    expect(await during.json()).toEqual({
      error: {
        code: "shutting-down",
        message: "The server is restarting. Please try again in a moment.",
      },
    });
    const [readerClosed, writerClosed] = await Promise.all([reader.closed, writer.closed]);
    expect(readerClosed).toEqual({ code: CLOSE_GOING_AWAY, reason: "going away" });
    expect(writerClosed).toEqual({ code: CLOSE_GOING_AWAY, reason: "going away" });
    // Stopped listening: a new connection is refused, while the upload is still open.
    await expect.poll(() => connectionRefused(server.url), { timeout: 3_000 }).toBe(true);
    // …and the process stays up for the upload: it has not exited a second later.
    const exitedEarly = await Promise.race([
      server.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000)),
    ]);
    expect(exitedEarly, server.stderr()).toBe(false);
    upload.finish();
    const answer = await upload.answer();
    expect(answer.status, answer.head).toBe(201);
    const article = (JSON.parse(answer.payload) as { article: { id: number; title: string } })
      .article;
    expect(article.title).toBe(post.title);

    expect(await server.exited, server.stderr()).toBe(0);
    const tookMs = Date.now() - signalled;
    expect(tookMs).toBeLessThan(10_000);
    console.info(
      `SIGTERM (${testDatabaseKind}): exited 0 after ${tookMs} ms, the in-flight upload answered 201`,
    );

    // The storage was closed cleanly, with the post in it.
    const database = await storage.open();
    cleanups.push(() => database.close());
    const [stored] = await database.db.select().from(posts).where(eq(posts.id, article.id));
    expect(stored?.title).toBe(post.title);
  }, 60_000);

  it.skipIf(testDatabaseKind !== "pglite")(
    "a request that never finishes cannot hold the process past the 10 s grace",
    async () => {
      const storage = await freshStorage(cleanups);
      const server = await startOn(storage, cleanups);
      const member = await signUp(server, "staller");
      const stalled = await slowUpload(
        server.port,
        member.cookie,
        JSON.stringify({ title: "never" }),
      );
      cleanups.push(async () => stalled.destroy());
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(1);
      const tookMs = Date.now() - signalled;
      expect(tookMs).toBeGreaterThanOrEqual(9_900);
      expect(tookMs).toBeLessThan(12_000);
    },
    60_000,
  );
});
