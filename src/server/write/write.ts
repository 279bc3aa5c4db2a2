import type { Db } from "../db/database.ts";
import { deliverAfterCommit, recordEvents } from "../events/index.ts";
import {
  reserveWrite,
  type WriteAction,
  type WriteLimits,
  type WriteRefusal,
} from "../limits/index.ts";

/** The write limit a write counts against: one more `action` by `userId`. */
export type WriteLimit = { limits: WriteLimits; userId: string; action: WriteAction };

export type WriteOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "rate-limited"; retryAfter: number; refusal: WriteRefusal };

/**
 * The one way state changes (decision 017): one transaction that counts the write against its
 * limit (refused at the limit: nothing written), runs `work`, announces the events `work` announced
 * (events/announce.ts) to every instance at commit, and hands them to this process's subscribers
 * right after it, so the writer reads its own write. On a transaction already (`db` is one), it
 * nests and the outer write delivers.
 */
export function write<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<{ ok: true; value: T }>;
export function write<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  limit: WriteLimit,
): Promise<WriteOutcome<T>>;
export async function write<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  limit?: WriteLimit,
): Promise<WriteOutcome<T>> {
  let recorded: ReturnType<typeof recordEvents> = null;
  const outcome = await db.transaction(async (transaction): Promise<WriteOutcome<T>> => {
    const tx = transaction as unknown as Db;
    recorded = recordEvents(tx, db);
    if (limit) {
      const refusal = await reserveWrite(
        tx,
        limit.limits[limit.action],
        limit.userId,
        limit.action,
      );
      if (refusal)
        return {
          ok: false,
          reason: "rate-limited",
          retryAfter: refusal.retryAfterSeconds,
          refusal,
        };
    }
    return { ok: true, value: await work(tx) };
  });
  if (outcome.ok) deliverAfterCommit(recorded);
  return outcome;
}
