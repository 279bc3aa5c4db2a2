import { request } from "node:https";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testPushServicePerFile } from "../../../test/harness/push-service-per-file.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { notifications, pushDeliveries, pushSubscriptions } from "../db/schema.ts";
import { guardedAgent } from "./guarded-agent.ts";
import { isPublicAddress } from "./private-address.ts";

/**
 * Issue 31's rule against server-side request forgery: with PUSH_ALLOW_PRIVATE_ENDPOINTS unset (as
 * in production), no push goes to this machine or a private network, neither at subscription
 * (the host resolved then) nor at send time (the agent's own lookup, and addresses written as IPs).
 */

const testPush = testPushServicePerFile();
const t = testAppClosedAfterAll();
const member = () => createSignedInUser(t.app);
const subscribe = (user: TestUser, endpoint: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { cookie: user.cookie },
    payload: { endpoint, keys: testPush.service.device().subscription.keys },
  });
const PRIVATE =
  "A push endpoint must be on the public internet, not on a private, loopback or link-local address.";

describe("at subscription", () => {
  it.each([
    ["this machine by IP", "https://127.0.0.1:8443/push/1"],
    ["this machine by name (resolved with DNS)", "https://localhost/push/1"],
    ["this machine over IPv6", "https://[::1]/push/1"],
    ["a private network", "https://10.1.2.3/push/1"],
    ["a link-local address (cloud metadata)", "https://169.254.169.254/latest"],
    ["an IPv4 address inside IPv6", "https://[::ffff:127.0.0.1]/push/1"],
  ])("%s is a 400", async (_, endpoint) => {
    const res = await subscribe(await member(), endpoint);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(PRIVATE);
  });

  it("the test push service itself, on loopback, is refused", async () => {
    const res = await subscribe(await member(), testPush.service.device().endpoint);
    expect(res.statusCode).toBe(400);
  });
});

describe("at send time", () => {
  it("a loopback device that got in anyway is marked failed, and nothing is sent", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = testPush.service.device();
    await t.database.db.insert(pushSubscriptions).values({
      userId: ben.userId,
      endpoint: device.endpoint,
      p256dh: device.subscription.keys.p256dh,
      auth: device.subscription.keys.auth,
      label: "A browser",
    });
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/conversations/with/${ben.username}/messages`,
      headers: { cookie: ana.cookie },
      payload: { text: "Hello", clientId: "ssrf-1" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.push.sendDue();
    const [entry] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, ben.userId));
    const [delivery] = await t.database.db
      .select()
      .from(pushDeliveries)
      .where(eq(pushDeliveries.notificationId, entry?.id ?? 0));
    expect(delivery?.failedAt).not.toBeNull();
    expect(delivery?.lastError).toMatch(/public internet/);
    expect(testPush.service.received).toEqual([]);
  });

  it("the agent refuses a name that resolves to a private address, and connects when allowed", async () => {
    const port = new URL(testPush.service.origin).port;
    const get = (allowPrivate: boolean) =>
      new Promise<number>((resolve, reject) => {
        const agent = guardedAgent({ allowPrivate });
        request(`https://localhost:${port}/nothing-here`, { agent }, (res) => {
          res.resume();
          agent.destroy();
          resolve(res.statusCode ?? 0);
        })
          .on("error", (error: NodeJS.ErrnoException) => {
            agent.destroy();
            reject(error);
          })
          .end();
      });
    await expect(get(false)).rejects.toMatchObject({ code: "EPRIVATEADDRESS" });
    // Allowed, it connects and verifies the certificate (the service answers 400: no such device).
    expect(await get(true)).toBe(400);
  });
});

describe("which addresses are public", () => {
  it.each([
    ["93.184.216.34", true],
    ["2606:4700::1111", true],
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["ff02::1", false],
    ["::ffff:10.0.0.1", false],
    ["not an address", false],
  ])("%s: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
