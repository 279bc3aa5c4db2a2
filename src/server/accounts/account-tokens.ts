import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { hashToken, issueSecretToken } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { accountTokens } from "../db/tables/accounts.ts";
import { users } from "../db/tables/auth.ts";

/** What a one-time link sent by mail is for. */
export type TokenPurpose = "verify-email" | "reset-password" | "change-email";

const HOUR_MS = 60 * 60 * 1000;

/** How long a link works (issue 15). */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  "verify-email": 24 * HOUR_MS,
  "reset-password": HOUR_MS,
  "change-email": 24 * HOUR_MS,
};

/** What issueSecretToken makes (32 random bytes, base64url); anything else cannot be ours. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new link's token for `userId`, proving `email`, in `tx` (the transaction that queues its mail).
 * Older unused links of the same purpose stop working: only the newest mail's link does.
 */
export async function issueAccountToken(
  tx: Db,
  link: { userId: string; purpose: TokenPurpose; email: string },
): Promise<string> {
  await expireUnusedTokens(tx, link.userId, link.purpose);
  const { token, tokenHash, expiresAt } = issueSecretToken(TOKEN_LIFETIME_MS[link.purpose]);
  await tx.insert(accountTokens).values({ tokenHash, expiresAt, ...link });
  return token;
}

/** Makes the account's unused links of `purpose` useless (they stay, for the per-account counts). */
export async function expireUnusedTokens(
  tx: Db,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ expiresAt: sql`least(${accountTokens.expiresAt}, now())` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}

export type UsedToken = { userId: string; purpose: TokenPurpose; email: string };

/**
 * Uses a link's token, in `tx` (the transaction that acts on it): null when it is malformed,
 * unknown, expired, already used, for another purpose, or for an address the account left. The one conditional update both checks
 * and marks it, so of two concurrent uses only one gets the row (the other waits for the row lock,
 * then no longer matches `used_at is null`).
 */
export async function useAccountToken(
  tx: Db,
  token: string,
  purposes: TokenPurpose[],
): Promise<UsedToken | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        // A link proving the account's address proves nothing once the account has another one;
        // a change-email link proves the address it moves to.
        or(
          eq(accountTokens.purpose, "change-email"),
          sql`exists (select 1 from ${users} where ${users.id} = ${accountTokens.userId} and ${users.email} = ${accountTokens.email})`,
        ),
      ),
    )
    .returning({
      userId: accountTokens.userId,
      purpose: accountTokens.purpose,
      email: accountTokens.email,
    });
  return row ? { ...row, purpose: row.purpose as TokenPurpose } : null;
}
