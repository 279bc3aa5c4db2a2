import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { type WriteLimit, type WriteOutcome, write } from "./write.ts";

/** A write's outcome when its work may refuse: the value, the limit's refusal, or the work's. */
export type RefusableOutcome<T, Reason extends string> =
  | WriteOutcome<T>
  | { ok: false; reason: Reason };

/** Carries the work's refusal out of the transaction it ends. */
class Refused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`write refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * `write` for work that answers a domain result (`{ ok: false, reason }` when it may not act): a
 * refusal ends the transaction with nothing kept (not even the write limit's count, no event) and
 * comes back as the outcome, beside the limit's own refusal; routes map both to HTTP.
 */
export async function writeOrRefuse<T, Reason extends string>(
  db: Db,
  work: (tx: Db) => Promise<WriteResult<T, Reason>>,
  limit: WriteLimit,
): Promise<RefusableOutcome<T, Reason>> {
  try {
    return await write(
      db,
      async (tx) => {
        const result = await work(tx);
        // Thrown only to roll the transaction back: the caller gets the refusal as a value.
        if (!result.ok) throw new Refused(result.reason);
        return result.value;
      },
      limit,
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason as Reason };
    throw error;
  }
}
