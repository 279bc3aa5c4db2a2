import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import type { TestDevice } from "../../../test/harness/push-service.ts";
import {
  TEST_PUSH_CONFIG,
  testPushServicePerFile,
} from "../../../test/harness/push-service-per-file.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import { pushDeliveries, pushSubscriptions } from "../db/schema.ts";

/**
 * Issue 31: two instances, each woken by every `push.queued` and sending what is due at the same
 * moment, deliver each push exactly once (claimed with SKIP LOCKED and a lease), signed with the
 * one VAPID key pair both read from the database.
 */

const testPush = testPushServicePerFile();
const instances = twoInstances({
  config: (defaults) => ({
    ...defaults,
    push: TEST_PUSH_CONFIG,
  }),
});

const RECIPIENTS = 8;

describe("two instances pushing at once", () => {
  it("deliver each push exactly once, with one key", async () => {
    const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
    const keys = await Promise.all([one.push.publicKey(), two.push.publicKey()]);
    expect(keys[0]).toBe(keys[1]);

    const recipients: { member: TestUser; device: TestDevice }[] = [];
    for (let i = 0; i < RECIPIENTS; i++) {
      const member = await createSignedInUser(one);
      const device = testPush.service.device();
      const res = await (i % 2 ? two : one).inject({
        method: "POST",
        url: "/api/push/subscriptions",
        headers: { cookie: member.cookie },
        payload: device.subscription,
      });
      expect(res.statusCode, res.body).toBe(201);
      recipients.push({ member, device });
    }
    await Promise.all(
      recipients.map(async ({ member }, i) => {
        // A sender each: a new account may start only a few conversations a day.
        const sender = await createSignedInUser(one);
        const res = await (i % 2 ? one : two).inject({
          method: "POST",
          url: `/api/conversations/with/${member.username}/messages`,
          headers: { cookie: sender.cookie },
          payload: { text: "Are you free on Saturday?", clientId: `push-twice-${i}` },
        });
        expect(res.statusCode, res.body).toBe(201);
      }),
    );
    await Promise.all(
      recipients.map(({ device }) =>
        testPush.service.waitFor((push) => push.endpoint === device.endpoint),
      ),
    );
    await Promise.all([one.push.sendDue(), two.push.sendDue(), one.push.sendDue()]);

    const endpoints = recipients.map(({ device }) => device.endpoint).sort();
    expect(testPush.service.received.map((push) => push.endpoint).sort()).toEqual(endpoints);
    expect(new Set(testPush.service.received.map((push) => push.vapid.publicKey))).toEqual(
      new Set([keys[0]]),
    );
    const { db } = instances.storage.database;
    const devices = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.endpoint, endpoints));
    const rows = await db
      .select()
      .from(pushDeliveries)
      .where(
        inArray(
          pushDeliveries.subscriptionId,
          devices.map((device) => device.id),
        ),
      );
    expect(rows).toHaveLength(RECIPIENTS);
    expect(rows.every((row) => row.attempts === 1 && row.sentAt !== null)).toBe(true);
  });
});
