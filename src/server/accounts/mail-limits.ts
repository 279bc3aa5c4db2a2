import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { accountTokens } from "../db/tables/accounts.ts";
import { mailsToWithinHour } from "../mail/index.ts";
import type { TokenPurpose } from "./account-tokens.ts";

/** Mails an address may receive in an hour, whatever sends them (counted in the outbox). */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;
/** Links of one purpose an account may ask for in an hour (counted in account_tokens). */
export const LINKS_PER_ACCOUNT_PER_HOUR = 5;

export type Quota = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** When each row leaves the hour, in seconds from now. */
const leavesHourIn = (column: typeof accountTokens.createdAt) =>
  sql<number>`ceil(extract(epoch from (${column} + interval '1 hour' - now())))::int`;
const withinHour = (column: typeof accountTokens.createdAt) =>
  gt(column, sql`now() - interval '1 hour'`);

/** `newest`: the newest `max` rows of the hour, newest first. */
function quotaOf(newest: { leavesIn: number }[], max: number): Quota {
  if (newest.length < max) return { allowed: true };
  // Below the limit again once the oldest of the newest `max` has left the hour.
  return { allowed: false, retryAfterSeconds: Math.max(1, newest[max - 1]?.leavesIn ?? 1) };
}

/**
 * Holds, until `tx` ends, the lock of `key`: of two requests counting the same thing (on any
 * instance sharing the database), the second counts after the first has written its row.
 */
async function lock(tx: Db, key: string): Promise<void> {
  await takeLock(tx, "mailQuota", key);
}

/** Whether `address` may get another mail this hour; locks it for the rest of `tx`. */
export async function addressQuota(tx: Db, address: string): Promise<Quota> {
  await lock(tx, `mail-to:${address}`);
  const rows = await mailsToWithinHour(tx, address, MAILS_PER_ADDRESS_PER_HOUR);
  return quotaOf(rows, MAILS_PER_ADDRESS_PER_HOUR);
}

/** Whether the account may ask for another link of `purpose` this hour; locks it for `tx`. */
export async function accountQuota(tx: Db, userId: string, purpose: TokenPurpose): Promise<Quota> {
  await lock(tx, `links:${purpose}:${userId}`);
  const rows = await tx
    .select({ leavesIn: leavesHourIn(accountTokens.createdAt) })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        withinHour(accountTokens.createdAt),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(LINKS_PER_ACCOUNT_PER_HOUR);
  return quotaOf(rows, LINKS_PER_ACCOUNT_PER_HOUR);
}
