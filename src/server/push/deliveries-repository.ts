import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { pushDeliveries, pushSubscriptions } from "../db/tables/push.ts";

const pending = and(
  isNull(pushDeliveries.sentAt),
  isNull(pushDeliveries.skippedAt),
  isNull(pushDeliveries.failedAt),
);

/** The ids of `userId`'s devices. */
export async function deviceIdsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * In `tx`, the transaction that added (or grew) entries: one delivery per entry and device, due at
 * `now`; an entry not yet tried for a device is not queued twice (what it says is read at send
 * time). Returns how many were queued.
 */
export async function queueDeliveries(
  tx: Db,
  deviceIds: readonly number[],
  entryIds: readonly number[],
  now: Date,
): Promise<number> {
  if (deviceIds.length === 0 || entryIds.length === 0) return 0;
  const queued = await tx
    .insert(pushDeliveries)
    .values(
      deviceIds.flatMap((subscriptionId) =>
        entryIds.map((notificationId) => ({ subscriptionId, notificationId, nextAttemptAt: now })),
      ),
    )
    .onConflictDoNothing({
      target: [pushDeliveries.subscriptionId, pushDeliveries.notificationId],
      where: sql`${pushDeliveries.attempts} = 0`,
    })
    .returning({ id: pushDeliveries.id });
  return queued.length;
}

/** A delivery a sender claimed, with the device it goes to; `attempt` counts from 1. */
export type ClaimedDelivery = {
  id: number;
  attempt: number;
  notificationId: number;
  subscriptionId: number;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Takes the oldest due delivery, counts the attempt and moves its next attempt `leaseMs` past
 * `now`, in one statement: other senders skip the row while it is locked and find it not due once
 * committed; if this sender dies mid-send, it is due again when the lease ends.
 */
export async function claimDueDelivery(
  db: Db,
  now: Date,
  leaseMs: number,
): Promise<ClaimedDelivery | undefined> {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(and(pending, lte(pushDeliveries.nextAttemptAt, now)))
    .orderBy(asc(pushDeliveries.nextAttemptAt), asc(pushDeliveries.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(pushDeliveries)
    .set({
      attempts: sql`${pushDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
    .where(sql`${pushDeliveries.id} = (${due})`)
    .returning({
      id: pushDeliveries.id,
      attempt: pushDeliveries.attempts,
      notificationId: pushDeliveries.notificationId,
      subscriptionId: pushDeliveries.subscriptionId,
    });
  if (!claimed) return undefined;
  const [device] = await db
    .select({
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, claimed.subscriptionId));
  // The device was removed between the two statements: its deliveries went with it.
  if (!device) return claimDueDelivery(db, now, leaseMs);
  return { ...claimed, ...device };
}

/** Only while this attempt still holds the row (one claimed after the lease ended owns it). */
const heldBy = (delivery: ClaimedDelivery) =>
  and(eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.attempts, delivery.attempt), pending);

/** Accepted by the push service: never sent again; the device is known to work. */
export async function markSent(db: Db, delivery: ClaimedDelivery, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(pushDeliveries)
      .set({ sentAt: now, lastError: null })
      .where(and(eq(pushDeliveries.id, delivery.id), pending));
    await tx
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now })
      .where(eq(pushSubscriptions.id, delivery.subscriptionId));
  });
}

/** Not to be sent: the entry was read, is gone, or is no longer the device's member's to see. */
export async function markSkipped(
  db: Db,
  delivery: ClaimedDelivery,
  why: string,
  now: Date,
): Promise<void> {
  await db.update(pushDeliveries).set({ skippedAt: now, lastError: why }).where(heldBy(delivery));
}

/** Not delivered this time: due again at `at`. */
export async function scheduleRetry(
  db: Db,
  delivery: ClaimedDelivery,
  error: string,
  at: Date,
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ lastError: error, nextAttemptAt: at })
    .where(heldBy(delivery));
}

/** Never to be tried again (a permanent refusal, or too many attempts). */
export async function markFailed(
  db: Db,
  delivery: ClaimedDelivery,
  error: string,
  now: Date,
): Promise<void> {
  await db.update(pushDeliveries).set({ lastError: error, failedAt: now }).where(heldBy(delivery));
}

/** The push service says the subscription is gone (404, 410): the device goes, with its queue. */
export async function forgetDevice(db: Db, subscriptionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/** Milliseconds from `now` until the next pending delivery is due (0 if due); undefined if none. */
export async function msUntilNextDue(db: Db, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ next: sql<string | null>`min(${pushDeliveries.nextAttemptAt})` })
    .from(pushDeliveries)
    .where(pending);
  if (!row?.next) return undefined;
  return Math.max(0, new Date(row.next).getTime() - now.getTime());
}

/** Deletes deliveries done (sent, skipped or failed) before `before`; how many. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const done = await db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(and(lt(pushDeliveries.createdAt, before), sql`not (${pending})`))
    .limit(10_000);
  if (done.length === 0) return 0;
  await db.delete(pushDeliveries).where(
    inArray(
      pushDeliveries.id,
      done.map((row) => row.id),
    ),
  );
  return done.length;
}

/** How many pushes wait to be sent (neither sent, skipped nor given up). */
export async function pendingDeliveries(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushDeliveries)
    .where(pending);
  return row?.count ?? 0;
}
