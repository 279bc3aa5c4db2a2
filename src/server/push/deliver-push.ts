import type { Agent } from "node:https";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import { TOPIC_OF_KIND } from "../../shared/notifications.ts";
import type { PushPayload } from "../../shared/push.ts";
import type { Db } from "../db/database.ts";
import { countPush } from "../metrics/index.ts";
import { topicsOn, unreadCount, unreadEntryForDevice } from "../notifications/index.ts";
import type { Clock } from "../schedule/index.ts";
import {
  type ClaimedDelivery,
  forgetDevice,
  markFailed,
  markSent,
  markSkipped,
  scheduleRetry,
} from "./deliveries-repository.ts";
import { literalRefusal } from "./endpoint-address.ts";
import { pushPayload } from "./push-payload.ts";
import { retryAfterMs } from "./retry-after.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** How long a push service keeps a push for a device that is offline (RFC 8030 TTL). */
const TTL_SECONDS = 24 * 60 * 60;

export type DeliveryContext = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  keys: () => Promise<VapidKeys>;
  subject: string;
  allowPrivate: boolean;
  /** Whom the member blocked (their pushes skip these members' entries, as their list does). */
  blockedOf: (userId: string) => Promise<readonly string[]>;
  agent: Agent;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  maxAttempts: number;
  requestTimeoutMs: number;
};

const describe = (error: unknown) =>
  error instanceof webpush.WebPushError
    ? `${error.statusCode} ${error.body || error.message}`.slice(0, 500)
    : String((error as Error)?.message ?? error).slice(0, 500);

/**
 * What to push for `delivery` now, read from its entry as it is: or why nothing (read, gone, its
 * actor blocked or hidden since, moved to another account's device, push turned off for its topic).
 */
async function payloadNow(
  context: DeliveryContext,
  delivery: ClaimedDelivery,
): Promise<{ payload: PushPayload; urgent: boolean } | { skip: string }> {
  const { db, blockedOf } = context;
  const found = await unreadEntryForDevice(db, delivery.notificationId, blockedOf);
  if (!found || found.recipientId !== delivery.userId) {
    return { skip: "read, gone or not theirs to see" };
  }
  const topic = TOPIC_OF_KIND[found.entry.kind];
  if (!(await topicsOn(db, delivery.userId, "push")).has(topic)) {
    return { skip: "push is off for its topic" };
  }
  const unread = await unreadCount(db, delivery.userId, await blockedOf(delivery.userId));
  return { payload: pushPayload(found, unread), urgent: topic === "messages" };
}

/** Due again later (the push service's Retry-After, else a doubling wait), or given up. */
async function retryLater(context: DeliveryContext, delivery: ClaimedDelivery, error: unknown) {
  const { db, clock, log } = context;
  const text = describe(error);
  if (delivery.attempt >= context.maxAttempts) {
    await markFailed(db, delivery, text, clock.now());
    countPush("failed");
    log.warn({ deliveryId: delivery.id, attempts: delivery.attempt, error: text }, "push given up");
    return;
  }
  const backoff = Math.min(
    context.retryBaseMs * 2 ** (delivery.attempt - 1),
    context.maxRetryDelayMs,
  );
  const headers = error instanceof webpush.WebPushError ? error.headers : {};
  const waitMs = Math.max(backoff, retryAfterMs(headers, clock.now()));
  await scheduleRetry(db, delivery, text, new Date(clock.now().getTime() + waitMs));
  log.info({ deliveryId: delivery.id, attempt: delivery.attempt, error: text }, "push will retry");
}

/** The push service did not accept it: the device is gone, it may accept later, or never. */
async function onRefused(context: DeliveryContext, delivery: ClaimedDelivery, error: unknown) {
  const { db, clock, log } = context;
  const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
  if (status === 404 || status === 410) {
    // The browser unsubscribed or the subscription expired: the device goes (RFC 8030 §7.3).
    await forgetDevice(db, delivery.subscriptionId);
    log.info({ subscriptionId: delivery.subscriptionId, status }, "push: device gone");
    return;
  }
  if (status === undefined || status === 429 || status >= 500) {
    return retryLater(context, delivery, error);
  }
  // Any other refusal (a bad request, a key the service does not accept) will not change.
  await markFailed(db, delivery, describe(error), clock.now());
  countPush("failed");
  log.warn({ deliveryId: delivery.id, error: describe(error) }, "push refused for good");
}

/**
 * One claimed delivery: its entry read as it is now, encrypted for the device (RFC 8291,
 * aes128gcm) and signed with the VAPID key (RFC 8292), through the agent that refuses private
 * addresses; the outcome marked on its row.
 */
export async function deliverPush(
  context: DeliveryContext,
  delivery: ClaimedDelivery,
): Promise<void> {
  const { db, clock } = context;
  const decided = await payloadNow(context, delivery);
  if ("skip" in decided) return markSkipped(db, delivery, decided.skip, clock.now());
  const refusal = literalRefusal(delivery.endpoint, { allowPrivate: context.allowPrivate });
  if (refusal) {
    countPush("failed");
    return markFailed(db, delivery, refusal.refused, clock.now());
  }
  const keys = await context.keys();
  try {
    await webpush.sendNotification(
      { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
      JSON.stringify(decided.payload),
      {
        vapidDetails: { subject: context.subject, ...keys },
        TTL: TTL_SECONDS,
        urgency: decided.urgent ? "high" : "normal",
        contentEncoding: "aes128gcm",
        agent: context.agent,
        timeout: context.requestTimeoutMs,
      },
    );
  } catch (error) {
    return onRefused(context, delivery, error);
  }
  await markSent(db, delivery, clock.now());
  countPush("sent");
}
