import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accountTokens } from "../db/tables/accounts.ts";
import { users } from "../db/tables/auth.ts";

/**
 * The addresses the account has or had (its own, and every one a link was mailed to for it: the
 * sign-up's, a change's old and new ones) that no other account uses now: what its deletion erases
 * from the tables that are keyed by address rather than by account.
 */
export async function addressesOf(tx: Db, userId: string): Promise<string[]> {
  const had = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .union(
      tx
        .select({ email: accountTokens.email })
        .from(accountTokens)
        .where(eq(accountTokens.userId, userId)),
    );
  const emails = had.flatMap((row) => (row.email ? [row.email] : []));
  if (emails.length === 0) return [];
  const taken = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), ne(users.id, userId)));
  return emails.filter((email) => !taken.some((row) => row.email === email));
}
