import type { Db } from "../db/database.ts";
import type { DomainEvent } from "./domain-events.ts";
import { busOf, type EventBus } from "./event-bus.ts";

/** The events a pipeline write announced, to deliver in this process after its commit. */
export type RecordedEvents = { bus: EventBus; events: DomainEvent[] };

/** By transaction: what announce() adds to, and the origin it names in the envelope. */
const recordedByTransaction = new WeakMap<Db, RecordedEvents>();

/**
 * Starts recording the events announced on `tx`, the transaction of a write on `db`. A write
 * nested in another pipeline write records into the outer one's list (the outer one delivers, so
 * null here); without a bus in this process nothing subscribed here, so nothing is recorded.
 */
export function recordEvents(tx: Db, db: Db): RecordedEvents | null {
  const outer = recordedByTransaction.get(db);
  if (outer) {
    recordedByTransaction.set(tx, outer);
    return null;
  }
  const bus = busOf(db);
  if (!bus) return null;
  const recorded = { bus, events: [] };
  recordedByTransaction.set(tx, recorded);
  return recorded;
}

/** The recording of `tx`, if it is a pipeline write's transaction. */
export const recordedOn = (tx: Db): RecordedEvents | undefined => recordedByTransaction.get(tx);

/** Right after the commit: this process's subscribers get what the write announced. */
export function deliverAfterCommit(recorded: RecordedEvents | null): void {
  if (recorded && recorded.events.length > 0) recorded.bus.deliverHere(recorded.events);
}
