import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { memberCalls } from "../../../test/harness/member-calls.ts";
import { setHiddenAt } from "../../../test/harness/moderators.ts";
import type { TestDevice } from "../../../test/harness/push-service.ts";
import {
  TEST_PUSH_CONFIG,
  testPushServicePerFile,
} from "../../../test/harness/push-service-per-file.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { pushPayloadSchema } from "../../shared/push.ts";
import { mailOutbox, notifications, pushDeliveries } from "../db/schema.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 31's pushes, end to end through a push service of our own (real VAPID signatures, real
 * RFC 8291 encryption, decrypted with the device's keys): what reaches a device, what never does,
 * and what the sender does when the push service says no.
 */

const testPush = testPushServicePerFile();
const clock = controllableClock();
const t = testAppClosedAfterAll(
  {
    push: TEST_PUSH_CONFIG,
  },
  { clock },
);

const { member, call } = memberCalls(t);

/** A device of `user` with push on. */
async function deviceOf(user: TestUser): Promise<TestDevice> {
  const device = testPush.service.device();
  const res = await call(user, "POST", "/api/push/subscriptions", device.subscription);
  expect(res.statusCode, res.body).toBe(201);
  return device;
}

let clientIds = 0;
async function send(from: TestUser, to: TestUser, text = "Hello there") {
  const res = await call(from, "POST", `/api/conversations/with/${to.username}/messages`, {
    text,
    clientId: `push-${++clientIds}`,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const pushesTo = (device: TestDevice) =>
  testPush.service.received.filter((push) => push.endpoint === device.endpoint);
const arrival = (device: TestDevice, status = 201) =>
  testPush.service.waitFor((push) => push.endpoint === device.endpoint && push.status === status);
/** Runs the sender after everything committed so far: what is due has been tried after it. */
const sendDue = () => t.app.push.sendDue();

async function entriesOf(user: TestUser) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, user.userId));
}
async function deliveriesOf(entryId: number) {
  return t.database.db
    .select()
    .from(pushDeliveries)
    .where(eq(pushDeliveries.notificationId, entryId));
}

/** A message whose first push the service answers 500: its retry waits for the clock. */
async function messageWaitingForRetry(from: TestUser, to: TestUser, device: TestDevice) {
  testPush.service.answerNext(device.endpoint, { status: 500 });
  await send(from, to);
  await arrival(device, 500);
  await sendDue();
  const [entry] = await entriesOf(to);
  if (!entry) throw new Error("no entry");
  return entry;
}

describe("a new direct message", () => {
  it("reaches the recipient's device, decrypted, as the bell shows it; the sender's gets nothing", async () => {
    const [ana, ben] = [await member(), await member()];
    const [anaDevice, benDevice] = [await deviceOf(ana), await deviceOf(ben)];
    await send(ana, ben, "Can you fix a tap?");
    const push = await arrival(benDevice);

    const [entry] = await entriesOf(ben);
    const payload = pushPayloadSchema.parse(push.payload);
    expect(payload).toEqual({
      id: entry?.id,
      kind: "message-request",
      title: `${ana.username} wants to talk`,
      body: "Your Local Talents",
      link: `/chatapp?with=${ana.username}`,
      tag: `conversation:${entry?.subjectId}`,
      unread: 1,
    });
    const key = (await call(ben, "GET", "/api/push/key")).json();
    expect(push.vapid).toMatchObject({
      publicKey: key.publicKey,
      sub: "mailto:ops@talents.example",
    });
    expect(push.headers.ttl).toBe("86400");
    expect(push.headers.urgency).toBe("high");

    await sendDue();
    expect(pushesTo(anaDevice)).toEqual([]);
    expect(pushesTo(benDevice)).toHaveLength(1);
    expect(testPush.service.rejected).toEqual([]);
  });

  it("a second message of the conversation pushes the grown entry under the same tag", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    await send(ana, ben);
    const first = await arrival(device);
    await send(ana, ben, "Are you there?");
    const second = await testPush.service.waitFor(
      (push) => push.endpoint === device.endpoint && push !== first,
    );
    const [a, b] = [first, second].map((push) => pushPayloadSchema.parse(push.payload));
    expect(b?.tag).toBe(a?.tag);
    expect(b?.title).toBe(`${ana.username} wants to talk (2 messages)`);
  });
});

describe("what is never pushed", () => {
  it("a topic turned off for push queues nothing; mail stays on", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    const off = await call(ben, "PUT", "/api/notifications/settings", {
      settings: [{ topic: "messages", channel: "push", enabled: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    await send(ana, ben);
    await sendDue();
    const [entry] = await entriesOf(ben);
    expect(await deliveriesOf(entry?.id ?? 0)).toEqual([]);
    expect(pushesTo(device)).toEqual([]);
    expect((await call(ben, "GET", "/api/notifications/settings")).json().settings).toContainEqual({
      topic: "messages",
      channel: "mail",
      enabled: true,
    });
  });

  it("an entry read before its push goes out (a click on another device) is neither pushed nor mailed", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    const entry = await messageWaitingForRetry(ana, ben, device);
    const read = await call(ben, "POST", `/api/notifications/${entry.id}/read`);
    expect(read.json()).toEqual({ unread: 0 });

    clock.advance(60 * 60_000);
    await sendDue();
    await t.app.notifications.mailDue();
    expect(pushesTo(device).map((push) => push.status)).toEqual([500]);
    const [delivery] = await deliveriesOf(entry.id);
    expect(delivery?.skippedAt).not.toBeNull();
    expect(delivery?.sentAt).toBeNull();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, ben.email));
    expect(mails).toEqual([]);
  });

  it("a message from a member the recipient blocked since is not pushed, nor are their new ones", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    const entry = await messageWaitingForRetry(ana, ben, device);
    const blocked = await call(ben, "PUT", `/api/blocks/${ana.username}`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    await send(ana, ben, "Hello again");

    clock.advance(60 * 60_000);
    await sendDue();
    expect(pushesTo(device).map((push) => push.status)).toEqual([500]);
    expect((await deliveriesOf(entry.id))[0]?.skippedAt).not.toBeNull();
  });

  it("a message from a member moderators hid since is not pushed", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    const entry = await messageWaitingForRetry(ana, ben, device);
    await setHiddenAt(t.database.db, "profile", ana.userId, new Date());

    clock.advance(60 * 60_000);
    await sendDue();
    expect(pushesTo(device).map((push) => push.status)).toEqual([500]);
    expect((await deliveriesOf(entry.id))[0]?.skippedAt).not.toBeNull();
  });
});

describe("when the push service says no", () => {
  it.each([404, 410])("%i: the subscription is gone, so the device is removed", async (status) => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    testPush.service.answerNext(device.endpoint, { status });
    await send(ana, ben);
    await arrival(device, status);
    await sendDue();
    expect((await call(ben, "GET", "/api/push/subscriptions")).json()).toEqual({ devices: [] });
  });

  it("429 with Retry-After: tried again once the wait has passed, then delivered", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    testPush.service.answerNext(device.endpoint, {
      status: 429,
      headers: { "Retry-After": "120" },
    });
    await send(ana, ben);
    await arrival(device, 429);
    await sendDue();

    clock.advance(119_000);
    await sendDue();
    expect(pushesTo(device).map((push) => push.status)).toEqual([429]);
    clock.advance(2_000);
    await sendDue();
    await arrival(device, 201);
    expect(pushesTo(device).map((push) => push.status)).toEqual([429, 201]);
    const [entry] = await entriesOf(ben);
    const [delivery] = await deliveriesOf(entry?.id ?? 0);
    expect(delivery).toMatchObject({ attempts: 2, lastError: null });
    expect(delivery?.sentAt).not.toBeNull();
  });

  it("a refusal that will not change (400) is not retried", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    testPush.service.answerNext(device.endpoint, { status: 400 });
    await send(ana, ben);
    await arrival(device, 400);
    await sendDue();
    clock.advance(24 * 60 * 60_000);
    await sendDue();
    expect(pushesTo(device).map((push) => push.status)).toEqual([400]);
    const [entry] = await entriesOf(ben);
    expect((await deliveriesOf(entry?.id ?? 0))[0]?.failedAt).not.toBeNull();
  });
});

describe("the outbox's own housekeeping", () => {
  it("a delivery done more than 7 days ago is deleted", async () => {
    const [ana, ben] = [await member(), await member()];
    const device = await deviceOf(ben);
    await send(ana, ben);
    await arrival(device);
    await sendDue();
    const [entry] = await entriesOf(ben);
    expect(await deliveriesOf(entry?.id ?? 0)).toHaveLength(1);

    clock.advance(8 * 24 * 60 * 60_000);
    await sendDue();
    expect(await deliveriesOf(entry?.id ?? 0)).toEqual([]);
  });
});
