import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/tables/mail.ts";

/**
 * The newest `limit` mails queued to `address` in the last hour, newest first, each with the
 * seconds until it leaves the hour (accounts' per-address mail limit counts them).
 */
export function mailsToWithinHour(
  tx: Db,
  address: string,
  limit: number,
): Promise<{ leavesIn: number }[]> {
  return tx
    .select({
      leavesIn: sql<number>`ceil(extract(epoch from (${mailOutbox.createdAt} + interval '1 hour' - now())))::int`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, address),
        gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
