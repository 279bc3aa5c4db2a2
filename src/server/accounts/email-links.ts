import { changeEmail, type Identity, markEmailVerified } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { setProfileEmail } from "../profiles/index.ts";
import { writeUnlessViolated } from "../write/index.ts";
import { useAccountToken } from "./account-tokens.ts";

/** Why a followed link proved nothing; verification-routes.ts answers each (400, 409). */
export type EmailLinkRefusal = "invalid-token" | "email-taken";

/**
 * Follows a link that proves an address, in one transaction with the token's use: a verify-email
 * link marks the account's address verified (if it is still the one the link was sent to); a
 * change-email link makes its address the account's (and its profile's contact address), and
 * `tellPreviousAddress` queues the notice to the old one. When another account took the new
 * address meanwhile, nothing changes (the link stays unused).
 */
export async function followEmailLink(
  db: Db,
  token: string,
  tellPreviousAddress: (tx: Db, previousEmail: string) => Promise<void>,
): Promise<WriteResult<Identity, EmailLinkRefusal>> {
  const reasons = { users_email_unique: "email-taken" } as const;
  const result = await writeUnlessViolated(db, reasons, async (tx) => {
    const used = await useAccountToken(tx, token, ["verify-email", "change-email"]);
    if (!used) return null;
    if (used.purpose === "verify-email") return markEmailVerified(tx, used.userId, used.email);
    const change = await changeEmail(tx, used.userId, used.email);
    if (!change) return null;
    await setProfileEmail(tx, used.userId, used.email);
    if (change.previous.email && change.previous.email !== used.email) {
      await tellPreviousAddress(tx, change.previous.email);
    }
    return change.changed;
  });
  if (!result.ok) return result;
  return result.value ? { ok: true, value: result.value } : { ok: false, reason: "invalid-token" };
}
