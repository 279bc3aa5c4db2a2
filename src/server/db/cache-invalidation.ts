import { sql } from "drizzle-orm";
import type { Database, Db } from "./database.ts";

/**
 * How the in-process read caches of every instance learn that what they keep has changed
 * (decision 003): the transaction that makes a change NOTIFYs a key on this channel, so a rolled-back
 * change tells nobody, and each process LISTENs once per database and hands every key to its caches.
 * A key names what changed: `<kind>:<id>` for one thing ("post:42"), a word of one cache ("feed"),
 * or ALL_CACHES. A cache ignores keys that are not its own.
 */
export const CACHE_INVALIDATION_CHANNEL = "ylt_cache_invalidate";

/** Every cache forgets everything; also what caches hear when a lost LISTEN connection is back. */
export const ALL_CACHES = "all";

/** Must not throw: it runs inside the database client's notification handling. */
export type InvalidationHandler = (key: string) => void;

/**
 * Tells every instance, this one included, that `key` changed once `db` commits. Call it with the
 * transaction that makes the change; with the database itself it is sent at once.
 */
export async function announceInvalidation(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CACHE_INVALIDATION_CHANNEL}, ${key})`);
}

type Subscription = {
  handlers: Set<InvalidationHandler>;
  listening: Promise<() => Promise<void>>;
};

/** By the database's Drizzle handle, so code holding only `db` reaches this process's caches. */
const subscriptions = new WeakMap<Db, Subscription>();

/**
 * Hands `handler` every key any instance announces on `database`, and ALL_CACHES when the LISTEN
 * connection was lost and is back (what was sent meanwhile is gone). The caches of a process share
 * one LISTEN per database (on PostgreSQL one connection). Resolves once listening, to a function
 * that unsubscribes.
 */
export async function subscribeToInvalidations(
  database: Database,
  handler: InvalidationHandler,
): Promise<() => Promise<void>> {
  const { db } = database;
  let subscription = subscriptions.get(db);
  if (!subscription) {
    const handlers = new Set<InvalidationHandler>();
    const dispatch = (key: string) => {
      for (const each of handlers) each(key);
    };
    const listening = database.listen(CACHE_INVALIDATION_CHANNEL, dispatch, () =>
      dispatch(ALL_CACHES),
    );
    const created: Subscription = { handlers, listening };
    listening.catch(() => {
      if (subscriptions.get(db) === created) subscriptions.delete(db);
    });
    subscriptions.set(db, created);
    subscription = created;
  }
  const joined = subscription;
  joined.handlers.add(handler);
  try {
    await joined.listening;
  } catch (error) {
    joined.handlers.delete(handler);
    throw error;
  }
  return async () => {
    if (!joined.handlers.delete(handler) || joined.handlers.size > 0) return;
    if (subscriptions.get(db) === joined) subscriptions.delete(db);
    const unlisten = await joined.listening;
    await unlisten();
  };
}

/**
 * Hands `key` at once to this process's caches on `db`, telling no other instance: right after the
 * commit of an announced change, so the writer reads its own write before the notification is back.
 */
export function invalidateHere(db: Db, key: string): void {
  const subscription = subscriptions.get(db);
  if (!subscription) return;
  for (const handler of subscription.handlers) handler(key);
}
