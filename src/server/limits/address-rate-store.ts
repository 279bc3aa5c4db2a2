import type { Db } from "../db/database.ts";
import { countAddressHit } from "./address-hits.ts";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * A store for @fastify/rate-limit that counts in the database (address-hits.ts) instead of each
 * instance's memory, so N instances allow what one does. The plugin's key is the client address
 * followed by the route's `groupId`.
 */
export function databaseRateStore(db: Db) {
  return class DatabaseRateStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      countAddressHit(db, key, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(): DatabaseRateStore {
      return new DatabaseRateStore();
    }
  };
}
