import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { signInFailures, trustedDevices } from "../db/tables/auth.ts";
import { hashToken, issueSecretToken } from "./secret-token.ts";

/** How long a browser stays trusted after a successful password sign-in. */
export const DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** The key a trusted browser's own failures count under in sign_in_failures. */
const deviceLimitKey = (tokenHash: string) => `device:${tokenHash}`;

/**
 * Remembers a browser that signed in to `accountKey` (OWASP's device cookie): the cookie gets the
 * token, the database only its hash.
 */
export async function trustDevice(db: Db, accountKey: string): Promise<{ token: string }> {
  const { token, tokenHash, expiresAt } = issueSecretToken(DEVICE_LIFETIME_MS);
  await db.insert(trustedDevices).values({ tokenHash, accountKey, expiresAt });
  return { token };
}

/** The device's key for the sign-in limit when the token is live and was issued for this account. */
export async function trustedDeviceKey(
  db: Db,
  token: string,
  accountKey: string,
): Promise<string | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ tokenHash: trustedDevices.tokenHash })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash),
        eq(trustedDevices.accountKey, accountKey),
        gt(trustedDevices.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ? deviceLimitKey(row.tokenHash) : null;
}

export async function pruneExpiredDevices(db: Db): Promise<void> {
  await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, new Date()));
}

/**
 * In `tx`, a deleted account's deletion: the browsers trusted for `emails` (the addresses it had) and
 * every failed sign-in counted under those addresses or those browsers go, so no row keeps them.
 */
export async function forgetSignInsOf(tx: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  const devices = await tx
    .delete(trustedDevices)
    .where(inArray(trustedDevices.accountKey, [...emails]))
    .returning({ tokenHash: trustedDevices.tokenHash });
  const keys = [...emails, ...devices.map((device) => deviceLimitKey(device.tokenHash))];
  await tx.delete(signInFailures).where(inArray(signInFailures.accountKey, keys));
}
