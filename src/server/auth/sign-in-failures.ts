import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { signInFailures } from "../db/tables/auth.ts";
import { write } from "../write/index.ts";

/**
 * Failed sign-ins per limit key, in the database so every instance counts the same ones. The key
 * is the normalized email, whether or not an account uses it, so the limit reveals nothing; a
 * trusted browser counts under its own key instead (see trusted-devices.ts).
 */
export type FailureWindow = { max: number; windowMinutes: number };

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const windowStart = (windowMinutes: number) =>
  sql`now() - make_interval(mins => ${windowMinutes}::int)`;

/** Seconds until the key may try again, or 0 when it is below the limit. */
async function secondsUntilAllowed(
  db: Db,
  key: string,
  { max, windowMinutes }: FailureWindow,
): Promise<number> {
  const rows = await db
    .select({
      // When this failure leaves the window, in seconds from now.
      expiresIn: sql<number>`ceil(extract(epoch from (${signInFailures.at} + make_interval(mins => ${windowMinutes}::int) - now())))::int`,
    })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.accountKey, key),
        sql`${signInFailures.at} > ${windowStart(windowMinutes)}`,
      ),
    )
    .orderBy(asc(signInFailures.at))
    .limit(max * 4);
  if (rows.length < max) return 0;
  // Below the limit again once all but max - 1 of the counted failures have left the window.
  return Math.max(1, rows[rows.length - max]?.expiresIn ?? 1);
}

/**
 * Counts an attempt as a failure before its password is checked, unless the key is at the limit.
 * Check and count happen under one transaction-scoped advisory lock per key, so parallel attempts
 * (on any instance sharing the database) cannot all read "below the limit" before any is counted.
 * A successful attempt then clears the key's failures, its own reservation with them.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  window: FailureWindow,
): Promise<Reservation> {
  const { value } = await write(db, async (tx): Promise<Reservation> => {
    await takeLock(tx, "signInFailures", key);
    const wait = await secondsUntilAllowed(tx, key, window);
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    await tx.insert(signInFailures).values({ accountKey: key });
    return { allowed: true };
  });
  return value;
}

/** A successful sign-in starts the count again. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, key));
}

/** Drops every key's failures that have left the window, so tried emails are not kept for ever. */
export async function pruneOldFailures(db: Db, { windowMinutes }: FailureWindow): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.at, windowStart(windowMinutes)));
}
