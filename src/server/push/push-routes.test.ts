import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../../../test/harness/accounts.ts";
import type { TestUser } from "../../../test/harness/factories.ts";
import { memberCalls } from "../../../test/harness/member-calls.ts";
import { TEST_PUSH_CONFIG } from "../../../test/harness/push-service-per-file.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { MAX_PUSH_DEVICES, pushDevicesSchema } from "../../shared/push.ts";

/**
 * Issue 31's device list: the VAPID key, subscribing (idempotent, one account per endpoint, at
 * most MAX_PUSH_DEVICES), listing newest first with words from the user agent, removing one's
 * own; members only. The endpoints here are never sent to (push-delivery.test.ts sends).
 */

const t = testAppClosedAfterAll({
  push: TEST_PUSH_CONFIG,
});
const { member, call } = memberCalls(t);

let endpoints = 0;
/** A subscription as a browser sends it (a valid P-256 key and auth secret; a fresh endpoint). */
function subscription(endpoint = `https://push.example/send/${++endpoints}`) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: `BA${"A".repeat(85)}`,
      auth: Buffer.alloc(16, endpoints).toString("base64url"),
    },
  };
}
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0";

const devicesOf = async (user: TestUser) =>
  pushDevicesSchema.parse((await call(user, "GET", "/api/push/subscriptions")).json()).devices;

describe("the key and the devices", () => {
  it("every member gets the same VAPID public key, a P-256 point", async () => {
    const [ana, ben] = [await member(), await member()];
    const [a, b] = [
      await call(ana, "GET", "/api/push/key"),
      await call(ben, "GET", "/api/push/key"),
    ];
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const key = Buffer.from(a.json().publicKey, "base64url");
    expect([key.length, key[0]]).toEqual([65, 4]);
  });

  it("subscribes, lists newest first with the browser's words, and removes one's own", async () => {
    const ana = await member();
    const first = await call(ana, "POST", "/api/push/subscriptions", subscription(), {
      "user-agent": CHROME_ANDROID,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(ana, "POST", "/api/push/subscriptions", subscription(), {
      "user-agent": FIREFOX_WINDOWS,
    });
    expect(second.statusCode, second.body).toBe(201);
    const devices = await devicesOf(ana);
    expect(devices.map((device) => device.label)).toEqual([
      "Firefox on Windows",
      "Chrome on Android",
    ]);
    expect(devices[0]).toEqual(second.json().device);

    const removed = await call(ana, "DELETE", `/api/push/subscriptions/${first.json().device.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await devicesOf(ana)).map((device) => device.label)).toEqual(["Firefox on Windows"]);
  });

  it("the same endpoint again renews its keys (200, one device); from another account it moves there", async () => {
    const [ana, ben] = [await member(), await member()];
    const body = subscription();
    expect((await call(ana, "POST", "/api/push/subscriptions", body)).statusCode).toBe(201);
    const again = await call(ana, "POST", "/api/push/subscriptions", {
      ...body,
      keys: { ...body.keys, auth: Buffer.alloc(16, 99).toString("base64url") },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await devicesOf(ana)).toHaveLength(1);

    const moved = await call(ben, "POST", "/api/push/subscriptions", body);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await devicesOf(ana)).toEqual([]);
    expect((await devicesOf(ben)).map((device) => device.endpoint)).toEqual([body.endpoint]);
  });

  it(`a ${MAX_PUSH_DEVICES + 1}th device is a 409 that says what to do`, async () => {
    const ana = await member();
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) {
      const res = await call(ana, "POST", "/api/push/subscriptions", subscription());
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await call(ana, "POST", "/api/push/subscriptions", subscription());
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: "too-many-devices" });
    expect(over.json().error.message).toMatch(/Turn it off on one you no longer use/);
    expect(await devicesOf(ana)).toHaveLength(MAX_PUSH_DEVICES);
  });

  it("another member's device is a 404 and stays", async () => {
    const [ana, ben] = [await member(), await member()];
    const res = await call(ana, "POST", "/api/push/subscriptions", subscription());
    const id = res.json().device.id;
    expect((await call(ben, "DELETE", `/api/push/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await call(ben, "DELETE", "/api/push/subscriptions/abc")).statusCode).toBe(400);
    expect(await devicesOf(ana)).toHaveLength(1);
  });
});

describe("what a subscription may not be", () => {
  it("an http endpoint is a 400", async () => {
    const ana = await member();
    const res = await call(
      ana,
      "POST",
      "/api/push/subscriptions",
      subscription("http://push.example/x"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("A push endpoint must be an https address.");
  });

  it("keys that are not a browser's are a 400", async () => {
    const ana = await member();
    const body = { ...subscription(), keys: { p256dh: "abc", auth: "def" } };
    const res = await call(ana, "POST", "/api/push/subscriptions", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not a browser's push keys/);
  });

  it("without a session every route is a 401", async () => {
    for (const [method, url] of [
      ["GET", "/api/push/key"],
      ["GET", "/api/push/subscriptions"],
      ["POST", "/api/push/subscriptions"],
      ["DELETE", "/api/push/subscriptions/1"],
    ] as const) {
      const res = await call(
        undefined,
        method,
        url,
        method === "POST" ? subscription() : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("settings, export and deletion", () => {
  it("the settings offer push for every topic but the digest; a pushed digest is a 400", async () => {
    const ana = await member();
    const { settings } = (await call(ana, "GET", "/api/notifications/settings")).json();
    expect(settings).toContainEqual({ topic: "messages", channel: "push", enabled: true });
    expect(settings).toContainEqual({ topic: "digest", channel: "mail", enabled: false });
    expect(settings.filter((s: { topic: string }) => s.topic === "digest")).toHaveLength(1);
    const refused = await call(ana, "PUT", "/api/notifications/settings", {
      settings: [{ topic: "digest", channel: "push", enabled: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/by mail only/);
    const saved = await call(ana, "PUT", "/api/notifications/settings", {
      settings: [{ topic: "reviews", channel: "push", enabled: false }],
    });
    expect(saved.json().settings).toContainEqual({
      topic: "reviews",
      channel: "push",
      enabled: false,
    });
  });

  it("the export lists devices by words and date, not keys; deleting the account deletes them", async () => {
    const ana = await member();
    const body = subscription();
    await call(ana, "POST", "/api/push/subscriptions", body, { "user-agent": FIREFOX_WINDOWS });
    const exported = await call(ana, "GET", "/api/me/export");
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().pushDevices).toEqual([
      { label: "Firefox on Windows", created_at: expect.any(String) },
    ]);
    expect(exported.body).not.toContain(body.keys.auth);
    expect(exported.body).not.toContain(body.endpoint);

    const deleted = await call(ana, "DELETE", "/api/me", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.database.db.execute(
      sql`select count(*)::int as devices from push_subscriptions where user_id = ${ana.userId}`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ devices: 0 }]);
  });
});
