import type { Db } from "../db/database.ts";
import { translateViolations, type WriteResult } from "../db/sql-errors.ts";
import { write } from "./write.ts";

/**
 * One write() without a limit whose broken constraint, when `reasons` names it (constraint name →
 * reason), is the refusal rather than an error: nothing of the transaction is kept.
 */
export function writeUnlessViolated<T, Reason extends string>(
  db: Db,
  reasons: Readonly<Record<string, Reason>>,
  work: (tx: Db) => Promise<T>,
): Promise<WriteResult<T, Reason>> {
  return translateViolations(reasons, () => write(db, work).then((done) => done.value));
}
