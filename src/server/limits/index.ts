/** What other features use of the per-account write limits: a write counted against its limit. */
export { limitedWrite, withinWriteLimit } from "./write-limits.ts";
