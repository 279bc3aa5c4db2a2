import { and, desc, eq, sql } from "drizzle-orm";
import type { PushDevice } from "../../shared/push.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { pushSubscriptions } from "../db/tables/push.ts";

export type NewSubscription = {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
};

const createdAtIso = sql<string>`to_char(${pushSubscriptions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const deviceColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  label: pushSubscriptions.label,
  created_at: createdAtIso,
};

/** `userId`'s devices, newest first. */
export function listDevices(db: Db, userId: string): Promise<PushDevice[]> {
  return db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

export type SaveOutcome =
  | { ok: true; value: { device: PushDevice; created: boolean } }
  | { ok: false; reason: "too-many-devices" };

/**
 * In `tx`: `subscription` kept for its member. The same endpoint again is the same device: its
 * keys are renewed and it moves to this member if another account held it (one browser profile,
 * one account at a time). A new one only while the member has fewer than `max` devices.
 */
export async function saveSubscription(
  tx: Db,
  subscription: NewSubscription,
  max: number,
): Promise<SaveOutcome> {
  await takeLock(tx, "pushDevices", subscription.userId);
  const [existing] = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
    .for("update");
  if (existing?.userId !== subscription.userId) {
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, subscription.userId));
    if (Number(counted?.count ?? 0) >= max) return { ok: false, reason: "too-many-devices" };
  }
  const [device] = await tx
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        label: subscription.label,
      },
    })
    .returning(deviceColumns);
  if (!device) throw new Error("push: the subscription was not saved");
  return { ok: true, value: { device, created: !existing } };
}

/** In `tx`: deletes `userId`'s device `id`; false when they have none of that id. */
export async function deleteDevice(tx: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}
