import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { TrustProxy } from "./trusted-proxies.ts";

/**
 * Issue 28 item 15: TRUST_PROXY names how far the app trusts X-Forwarded-*: not at all, every hop,
 * the nearest n hops, or the proxies at given addresses. The client's address is read from the
 * request log line (the address the per-IP limits count), the scheme from HSTS.
 */

describe("TRUST_PROXY's values", () => {
  it.each([
    ["true", true],
    ["on", true],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    [" 10.0.0.5, 192.168.1.0/24 ,::1 ", ["10.0.0.5", "192.168.1.0/24", "::1"]],
    ["loopback,10.1.2.3", ["127.0.0.1/8", "::1/128", "10.1.2.3"]],
  ])("reads %j", (value, trust) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it("is off when unset", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    "maybe",
    "10.0.0.256",
    "10.0.0.0/33",
    "::1/129",
    "1.5",
    "-1",
    "10.0.0.0/8/1",
    ",",
    "proxy.internal",
  ])("refuses %j with one line", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new RegExp(
        `^Invalid configuration: TRUST_PROXY=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} must be true, false, a number of proxies .*\\.$`,
      ),
    );
  });
});

let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
});

/** An app (one database for all, as instances share one) trusting `trustProxy`. */
async function appTrusting(trustProxy: TrustProxy) {
  const lines: string[] = [];
  database ??= await createTestDatabase();
  const app = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" }),
      webDir: undefined,
      trustProxy,
    },
    database: database.database,
    logStream: { write: (line) => lines.push(line), flush: () => {} },
  });
  apps.push(app);
  await app.ready();
  /** The client's address and whether HSTS was sent, for a request from `peer` through proxies. */
  return async (peer: string, forwardedFor: string) => {
    lines.length = 0;
    const res = await app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: peer,
      headers: { "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
    });
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.req);
    return { client: logged?.req.remoteAddress, https: "strict-transport-security" in res.headers };
  };
}

/** A client that wrote its own X-Forwarded-For; the nearest proxy appended what it saw. */
const SPOOFED = "198.51.100.66, 203.0.113.9";

describe("the client's address and scheme behind proxies", () => {
  it("false: the peer, whatever the headers say", async () => {
    const ask = await appTrusting(false);
    expect(await ask("127.0.0.1", SPOOFED)).toEqual({ client: "127.0.0.1", https: false });
  });

  it("true: every hop, so a client's own X-Forwarded-For is believed", async () => {
    const ask = await appTrusting(true);
    expect(await ask("127.0.0.1", SPOOFED)).toEqual({ client: "198.51.100.66", https: true });
  });

  it("a hop count: what the nearest proxies saw, not what the client wrote", async () => {
    const one = await appTrusting(1);
    expect(await one("127.0.0.1", SPOOFED)).toEqual({ client: "203.0.113.9", https: true });
    const two = await appTrusting(2);
    expect(await two("127.0.0.1", `${SPOOFED}, 10.0.0.7`)).toEqual({
      client: "203.0.113.9",
      https: true,
    });
  });

  it("addresses: only a listed proxy names the client; anyone else is taken at their word", async () => {
    const ask = await appTrusting(["10.0.0.0/8", "127.0.0.1"]);
    expect(await ask("127.0.0.1", SPOOFED)).toEqual({ client: "203.0.113.9", https: true });
    expect(await ask("127.0.0.1", `${SPOOFED}, 10.0.0.7`)).toEqual({
      client: "203.0.113.9",
      https: true,
    });
    expect(await ask("192.0.2.44", SPOOFED)).toEqual({ client: "192.0.2.44", https: false });
  });
});
