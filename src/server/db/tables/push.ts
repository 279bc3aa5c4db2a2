/** The tables push owns (issue 31): only push reads and writes them. */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns.ts";
import { notifications } from "./notifications.ts";
import { userRef } from "./references.ts";

/**
 * A device a member turned push on for: the browser's push subscription (RFC 8030 endpoint, RFC
 * 8291 keys). One account per endpoint: subscribing it again from another account moves it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: identityId(),
    userId: userRef("user_id"),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url): what a push is encrypted for. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** Words for the device, from its user agent when it subscribed ("Firefox on Android"). */
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.id),
  ],
);

/**
 * The push outbox: one row per notification entry and device, queued in the transaction that
 * added the entry (or made it grow), sent once by whichever instance claims it. What it says is
 * read at send time, so a row waiting for a retry sends the entry as it is then.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: identityId(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Not sent, and never to be: the entry was read, gone or its actor blocked by then. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    /** What the senders look for: pending rows by when they are due. */
    index("push_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.skippedAt} is null and ${t.failedAt} is null`),
    /**
     * One untried row per entry and device: an entry that grows before it is sent sends once. A
     * row being sent (or waiting to retry) is not one, so a growth meanwhile is sent after it.
     */
    uniqueIndex("push_deliveries_untried_unique")
      .on(t.subscriptionId, t.notificationId)
      .where(sql`${t.attempts} = 0`),
    index("push_deliveries_notification_idx").on(t.notificationId),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
    index("push_deliveries_created_idx").on(t.createdAt),
  ],
);
