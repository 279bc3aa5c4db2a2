import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import type { TrustProxy } from "./trusted-proxies.ts";

/**
 * Issue 28 item 15: the per-address connection cap behind proxies named by address. The proxies'
 * own connections are not counted (they carry everyone's), but a client reaching the app directly
 * is capped as without a proxy. Real sockets from 127.0.0.1.
 */

const MAX_PER_ADDRESS = 2;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(trustProxy: TrustProxy): Promise<number> {
  t = await createTestApp({
    trustProxy,
    http: {
      headersTimeoutSeconds: 5,
      requestTimeoutSeconds: 10,
      keepAliveTimeoutSeconds: 10,
      maxConnectionsPerAddress: MAX_PER_ADDRESS,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as AddressInfo).port;
}

/** Opens a connection, asks for /api/health on it and resolves to the status line it got. */
function askOnNewConnection(port: number, sockets: net.Socket[]): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    const socket = net.connect(port, "127.0.0.1");
    sockets.push(socket);
    socket.setEncoding("latin1");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      data += chunk;
      if (/\r\n\r\n\{.*\}$/s.test(data)) resolve(data.split("\r\n")[0] ?? "");
    });
    socket.on("close", () => resolve(data.split("\r\n")[0] ?? "closed"));
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
  });
}

/** Statuses of MAX_PER_ADDRESS + 1 connections held open together. */
async function statusesOfOneTooMany(port: number): Promise<string[]> {
  const sockets: net.Socket[] = [];
  const statuses: string[] = [];
  try {
    for (let i = 0; i <= MAX_PER_ADDRESS; i++)
      statuses.push(await askOnNewConnection(port, sockets));
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  return statuses;
}

describe("the connection cap with TRUST_PROXY naming the proxies", () => {
  it("still caps a client that connects directly, from an address not in the list", async () => {
    const port = await listening(["10.0.0.0/8"]);
    expect(await statusesOfOneTooMany(port)).toEqual([
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 503 Service Unavailable",
    ]);
  });

  it("does not count a listed proxy's connections", async () => {
    const port = await listening(["127.0.0.1"]);
    expect(await statusesOfOneTooMany(port)).toEqual(Array(3).fill("HTTP/1.1 200 OK"));
  });

  it("is off with TRUST_PROXY=true or a hop count (any peer may be a proxy), as before", async () => {
    for (const trust of [true, 1] as const) {
      const port = await listening(trust);
      expect(await statusesOfOneTooMany(port)).toEqual(Array(3).fill("HTTP/1.1 200 OK"));
      await t?.close();
      t = undefined;
    }
  });
});
