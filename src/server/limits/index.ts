/** What other features use of the per-account write limits: a write counted against its limit. */

/** Hits per client address, counted in the database every instance shares (issue 28, item 8). */
export { countAddressHit } from "./address-hits.ts";
export { databaseRateStore } from "./address-rate-store.ts";
export type { WriteAction, WriteLimits } from "./write-limit-rules.ts";
export {
  requireRoomToWrite,
  reserveWrite,
  tooManyWrites,
  type WriteRefusal,
} from "./write-limits.ts";
