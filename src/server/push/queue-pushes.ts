import { TOPIC_OF_KIND } from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { announce, type EventBus, type EventOf } from "../events/index.ts";
import { topicsOn } from "../notifications/index.ts";
import type { Clock } from "../schedule/index.ts";
import { deviceIdsOf, queueDeliveries } from "./deliveries-repository.ts";

/**
 * Entries added or grown for a member (`notifications.changed` naming them) queue a push to each
 * of their devices, for the topics they want pushed, in the same transaction: a push exists
 * exactly when its entry committed. One `push.queued` wakes the senders of every instance.
 */
export function handlePushQueueing(bus: EventBus, clock: Clock): () => void {
  const queue = async (tx: Db, event: EventOf<"notifications.changed">) => {
    const entries = event.entries ?? [];
    if (entries.length === 0) return;
    const devices = await deviceIdsOf(tx, event.userId);
    if (devices.length === 0) return;
    const pushed = await topicsOn(tx, event.userId, "push");
    const wanted = entries.filter((entry) => pushed.has(TOPIC_OF_KIND[entry.kind]));
    const queued = await queueDeliveries(
      tx,
      devices,
      wanted.map((entry) => entry.id),
      clock.now(),
    );
    if (queued > 0) await announce(tx, { type: "push.queued" });
  };
  return bus.handleInTransaction("push:queue", ["notifications.changed"], queue);
}
