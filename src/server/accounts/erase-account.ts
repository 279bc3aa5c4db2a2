import { deleteUser, forgetSignInsOf } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { forgetMailTo } from "../mail/index.ts";
import { forgetMemberInLog } from "../moderation/index.ts";
import { addressesOf } from "./accounts-repository.ts";

/**
 * In `tx`, the deletion's transaction (issue 28 item 13): what the account left in tables keyed by
 * address or by username rather than by account goes first (failed sign-ins, trusted browsers, the
 * outbox's mails, the moderation log's name), then the user row, from which the database cascades to
 * everything keyed by account. The retired username is kept on purpose (retireUsername).
 */
export async function eraseAccount(
  tx: Db,
  account: { userId: string; username: string | null },
): Promise<void> {
  const addresses = await addressesOf(tx, account.userId);
  await forgetSignInsOf(tx, addresses);
  await forgetMailTo(tx, addresses);
  if (account.username) await forgetMemberInLog(tx, account.username);
  await deleteUser(tx, account.userId);
}
