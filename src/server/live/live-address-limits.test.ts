import { afterEach, describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { CLOSE_TOO_MANY_CONNECTIONS } from "../../shared/chat.ts";
import { clientKey } from "./address-limits.ts";

/** Issue 13, item 5: chat sockets and upgrades per client address are limited. */

const apps: ListeningApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
// After-each hooks run last-registered first: the clients close before their app.
const { connect, join } = chatClientsClosedAfterEach();

async function start(socketsPerAddress: number, upgradesPerAddressPerMinute: number) {
  const app = await listeningTestApp({
    chat: { socketsPerAddress, upgradesPerAddressPerMinute },
  });
  apps.push(app);
  return app;
}

describe("chat sockets per address", () => {
  it("closes the socket over the cap with 4429 and a reason, before any snapshot", async () => {
    const app = await start(3, 1_000);
    const admitted = [await join(app.url), await join(app.url), await join(app.url)];

    const extra = await connect(app.url);
    expect(await extra.closed).toEqual({
      code: CLOSE_TOO_MANY_CONNECTIONS,
      reason: "Too many chat connections open from your address.",
    });
    expect(extra.frames).toEqual([]);
    for (const client of admitted) expect(client.socket.readyState).toBe(client.socket.OPEN);

    // A closed socket frees its place.
    await admitted[0]?.close();
    const again = await join(app.url);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
  });

  it("defaults to 20 sockets per address", async () => {
    const app = await listeningTestApp();
    apps.push(app);
    expect(app.app.config.chat.socketsPerAddress).toBe(20);
    await Promise.all(Array.from({ length: 20 }, () => join(app.url)));
    const extra = await connect(app.url);
    expect((await extra.closed).code).toBe(CLOSE_TOO_MANY_CONNECTIONS);
  });
});

describe("chat upgrades per address", () => {
  it("closes upgrades over the rate with 4429 and a reason, before any snapshot", async () => {
    const app = await start(100, 5);
    for (let i = 0; i < 5; i++) await (await join(app.url)).close();

    const extra = await connect(app.url);
    expect(await extra.closed).toEqual({
      code: CLOSE_TOO_MANY_CONNECTIONS,
      reason: "Too many chat connection attempts: try again in a minute.",
    });
    expect(extra.frames).toEqual([]);
  });
});

describe("the client an address stands for", () => {
  it("is the IPv4 address, also when mapped into IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = "2001:db8:0:1::/64";
    expect(clientKey("2001:db8:0:1::1")).toBe(key);
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe(key);
    expect(clientKey("2001:DB8:0:1:a::b")).toBe(key);
    expect(clientKey("2001:db8:0:2::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
