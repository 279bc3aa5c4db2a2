import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { DomainEvent } from "./domain-events.ts";
import { EVENTS_CHANNEL, encodeEnvelope } from "./event-channel.ts";
import { recordedOn } from "./pipeline.ts";

/**
 * Tells every instance `event` once `tx` commits (a rolled-back write tells nobody). Inside the
 * transaction on purpose (decision 017): from the commit on, delivering it is PostgreSQL's job, so
 * a writer killed right after its commit loses nothing. In a pipeline write (write/write.ts) this
 * process's subscribers get it right after the commit and skip it when it comes back; its
 * in-transaction handlers (a notification written with what it is about) run here, before.
 */
export async function announce(tx: Db, event: DomainEvent): Promise<void> {
  const recorded = recordedOn(tx);
  await recorded?.bus.runInTransaction(tx, event);
  recorded?.events.push(event);
  const payload = encodeEnvelope({ origin: recorded?.bus.origin ?? null, event });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}
