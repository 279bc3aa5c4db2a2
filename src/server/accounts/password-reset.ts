import {
  clearSignInFailures,
  hashPassword,
  type Identity,
  resetPassword,
  revokeAllAccess,
} from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { write } from "../write/index.ts";
import { useAccountToken } from "./account-tokens.ts";

/**
 * A new password through reset link `token`, with the token's use in one transaction. The link
 * proved the address: the account is the link-holder's now. Whoever else had it (a squatter who
 * registered the address, someone who knew the old password) is signed out and their pending links
 * are void; the address's failed sign-ins are forgotten. Refused as an invalid token when the link
 * is bad, used, expired, or for an address the account no longer has.
 */
export async function resetPasswordByLink(
  db: Db,
  token: string,
  password: string,
): Promise<WriteResult<Identity, "invalid-token">> {
  const passwordHash = await hashPassword(password);
  const user = await write(db, async (tx) => {
    const used = await useAccountToken(tx, token, ["reset-password"]);
    if (!used) return null;
    const reset = await resetPassword(tx, used.userId, used.email, passwordHash);
    if (reset) await revokeAllAccess(tx, reset.id);
    return reset;
  }).then((done) => done.value);
  if (!user) return { ok: false, reason: "invalid-token" };
  if (user.email) await clearSignInFailures(db, user.email);
  return { ok: true, value: user };
}
