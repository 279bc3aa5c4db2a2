import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";

/**
 * Slow and piled-up connections (issue 13 item 13), on a real listening server and real sockets:
 * a client that never finishes its headers is answered 408 and closed soon after the headers
 * timeout, and one address cannot hold more than its share of connections.
 */

const MAX_PER_ADDRESS = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    http: {
      headersTimeoutSeconds: 1,
      requestTimeoutSeconds: 2,
      keepAliveTimeoutSeconds: 5,
      maxConnectionsPerAddress: MAX_PER_ADDRESS,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

type Conn = { socket: net.Socket; received: () => string; closed: Promise<void> };

function connect(): Promise<Conn> {
  return new Promise((resolve, reject) => {
    let data = "";
    const socket = net.connect(port, "127.0.0.1");
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", () => {});
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.once("connect", () => resolve({ socket, received: () => data, closed }));
    socket.once("error", reject);
  });
}

/** Sends a whole request on a kept-alive connection and waits for its answer. */
function ask(conn: Conn): Promise<string> {
  return new Promise((resolve) => {
    const before = conn.received().length;
    const check = () => {
      const answer = conn.received().slice(before);
      if (/\r\n\r\n\{.*\}$/s.test(answer)) {
        conn.socket.off("data", check);
        resolve(answer);
      }
    };
    conn.socket.on("data", check);
    conn.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
  });
}

describe("a client that sends its headers slowly", () => {
  it("is answered 408 in the error shape and closed soon after the headers timeout", async () => {
    const conn = await connect();
    const started = Date.now();
    conn.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n");
    await conn.closed;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_500); // 1 s timeout, checked every second
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(conn.received()).toContain('"code":"request-timeout"');
  });

  it("sets the server's timeouts from the settings", () => {
    expect(t.app.server.headersTimeout).toBe(1_000);
    expect(t.app.server.requestTimeout).toBe(2_000);
    expect(t.app.server.keepAliveTimeout).toBe(5_000);
  });
});

describe("connections per client address", () => {
  it("refuses the one over the cap with 503 and accepts again once one closes", async () => {
    const open = await Promise.all(Array.from({ length: MAX_PER_ADDRESS }, connect));
    // Each answers a request, so the server has surely counted all of them.
    for (const conn of open) expect(await ask(conn)).toMatch(/^HTTP\/1\.1 200 /);

    const extra = await connect();
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(extra.received()).toContain('"code":"too-many-connections"');

    const [first] = open;
    first?.socket.destroy();
    // The server learns of the close on its own schedule: retry until it lets one in.
    let answer = "";
    while (!answer.startsWith("HTTP/1.1 200")) {
      const next = await connect();
      answer = await Promise.race([ask(next), next.closed.then(() => next.received())]);
      next.socket.destroy();
      await next.closed;
    }
    for (const conn of open) conn.socket.destroy();
  });
});
