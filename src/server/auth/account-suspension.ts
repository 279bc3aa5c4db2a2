import { eq, type SQL, sql } from "drizzle-orm";
import type { SuspensionDuration } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { suspendedUntilText } from "./users-repository.ts";

const UNTIL: Record<SuspensionDuration, SQL> = {
  day: sql`now() + interval '1 day'`,
  week: sql`now() + interval '7 days'`,
  indefinite: sql`'infinity'::timestamptz`,
};

/**
 * Suspends the account for `duration` from now, or lifts its suspension (null), as part of `tx`
 * (moderation's, issue 16). Sign-in and the viewer's query refuse a suspended account; its sessions
 * are the caller's to end. When the suspension ends as the wire says it (suspendedUntilText).
 */
export async function setSuspendedUntil(
  tx: Db,
  userId: string,
  duration: SuspensionDuration | null,
): Promise<string | null> {
  const [row] = await tx
    .update(users)
    .set({ suspendedUntil: duration === null ? null : UNTIL[duration] })
    .where(eq(users.id, userId))
    .returning({ until: suspendedUntilText });
  return row?.until ?? null;
}
