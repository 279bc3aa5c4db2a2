import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { signInFailures } from "../db/schema.ts";

/**
 * Failed sign-ins per account, in the database so every instance counts the same ones. The account
 * key is the normalized email, whether or not an account uses it, so the limit reveals nothing.
 */
export type FailureWindow = { max: number; windowMinutes: number };

const windowStart = (windowMinutes: number) =>
  sql`now() - make_interval(mins => ${windowMinutes}::int)`;

/** Seconds until the account may try again, or 0 when it is below the limit. */
export async function secondsUntilAllowed(
  db: Db,
  accountKey: string,
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
        eq(signInFailures.accountKey, accountKey),
        sql`${signInFailures.at} > ${windowStart(windowMinutes)}`,
      ),
    )
    .orderBy(asc(signInFailures.at))
    .limit(max * 4);
  if (rows.length < max) return 0;
  // Below the limit again once all but max - 1 of the counted failures have left the window.
  return Math.max(1, rows[rows.length - max]?.expiresIn ?? 1);
}

/** Records a failure and drops this account's failures that have left the window. */
export async function recordFailure(
  db: Db,
  accountKey: string,
  { windowMinutes }: FailureWindow,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(signInFailures)
      .where(
        and(
          eq(signInFailures.accountKey, accountKey),
          lt(signInFailures.at, windowStart(windowMinutes)),
        ),
      );
    await tx.insert(signInFailures).values({ accountKey });
  });
}

/** A successful sign-in starts the count again. */
export async function clearFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
}
