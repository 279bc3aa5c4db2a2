import type { Identity } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { translateViolations } from "../db/sql-errors.ts";
import { useAccountToken } from "./account-tokens.ts";
import { changeEmail, markEmailVerified } from "./accounts-repository.ts";

export type EmailLinkOutcome =
  | { kind: "verified"; identity: Identity }
  | { kind: "invalid" }
  | { kind: "email-taken" };

/**
 * Follows a link that proves an address, in one transaction with the token's use: a verify-email
 * link marks the account's address verified (if it is still the one the link was sent to); a
 * change-email link makes its address the account's, and `tellPreviousAddress` queues the notice
 * to the old one. When another account took the new address meanwhile, nothing changes (the link
 * stays unused).
 */
export async function followEmailLink(
  db: Db,
  token: string,
  tellPreviousAddress: (tx: Db, previousEmail: string) => Promise<void>,
): Promise<EmailLinkOutcome> {
  const result = await translateViolations({ users_email_unique: "email-taken" }, () =>
    db.transaction(async (tx) => {
      const used = await useAccountToken(tx, token, ["verify-email", "change-email"]);
      if (!used) return null;
      if (used.purpose === "verify-email") return markEmailVerified(tx, used.userId, used.email);
      const change = await changeEmail(tx, used.userId, used.email);
      if (change?.previous.email && change.previous.email !== used.email) {
        await tellPreviousAddress(tx, change.previous.email);
      }
      return change?.changed ?? null;
    }),
  );
  if (!result.ok) return { kind: "email-taken" };
  return result.value ? { kind: "verified", identity: result.value } : { kind: "invalid" };
}
