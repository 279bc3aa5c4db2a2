import { accountCreatedAt } from "../auth/index.ts";
import type { Db } from "../db/database.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Until when the account `userId` is new as of `now` (the app's clock): `newAccountHours`
 * (NEW_ACCOUNT_HOURS) after it was created; null when it is not new, or when 0 turns the rule off.
 */
export async function newAccountUntil(
  db: Db,
  userId: string,
  newAccountHours: number,
  now: Date,
): Promise<Date | null> {
  if (newAccountHours <= 0) return null;
  const created = await accountCreatedAt(db, userId);
  if (!created) return null;
  const until = new Date(created.getTime() + newAccountHours * HOUR_MS);
  return until > now ? until : null;
}
