import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { users } from "../db/tables/auth.ts";
import { writeEvents } from "../db/tables/limits.ts";
import { retryLater } from "../http/app-error.ts";
import { countWriteLimitRefusal } from "../metrics/index.ts";
import { writeLimitMessage } from "./write-limit-message.ts";
import {
  DEFAULT_NEW_ACCOUNT_HOURS,
  type WriteAction,
  type WriteLimitRule,
  type WriteLimits,
} from "./write-limit-rules.ts";

/** Why a write was refused, and when the account may write again. */
export type WriteRefusal = {
  action: WriteAction;
  used: number;
  limit: number;
  windowSeconds: number;
  newAccount: boolean;
  retryAfterSeconds: number;
  message: string;
};

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * The refusal of one more write of `action` by `userId` when the events in the window already reach
 * the limit; null when there is room.
 */
async function refusalAtLimit(
  db: Db,
  rule: WriteLimitRule,
  userId: string,
  action: WriteAction,
): Promise<WriteRefusal | null> {
  const mine = and(eq(writeEvents.userId, userId), eq(writeEvents.action, action));
  const inWindow = and(mine, gt(writeEvents.at, secondsAgo(rule.windowSeconds)));
  const [account] = await db
    .select({
      newAccount: sql<boolean>`${users.createdAt} > ${secondsAgo(rule.newAccountSeconds ?? DEFAULT_NEW_ACCOUNT_HOURS * 3600)}`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [counted] = await db.select({ used: count() }).from(writeEvents).where(inWindow);
  const newAccount = account?.newAccount ?? true;
  const limit = newAccount ? rule.newAccountMax : rule.max;
  const used = counted?.used ?? 0;
  if (used < limit) return null;
  // Writing is possible again when enough of the window's events have left it (more than one
  // when the limit was lowered since they were counted).
  const [leaving] = await db
    .select({
      seconds: sql<number>`extract(epoch from ${writeEvents.at} + make_interval(secs => ${rule.windowSeconds}) - now())::float8`,
    })
    .from(writeEvents)
    .where(inWindow)
    .orderBy(asc(writeEvents.at))
    .offset(used - limit)
    .limit(1);
  const retryAfterSeconds = Math.max(1, Math.ceil(Number(leaving?.seconds ?? rule.windowSeconds)));
  const refusal = {
    action,
    used,
    windowSeconds: rule.windowSeconds,
    newAccount,
    retryAfterSeconds,
  };
  return { ...refusal, limit, message: writeLimitMessage(refusal) };
}

/**
 * Counts one write of `action` by `userId` inside the caller's transaction, or refuses it at the
 * limit. A transaction-scoped advisory lock on (action, user) makes the count and the insert one
 * step for every instance on the database: parallel writes queue here, each sees the ones before.
 * The account's events that have left the window go at the same time, so the table stays small.
 */
export async function reserveWrite(
  tx: Db,
  rule: WriteLimitRule,
  userId: string,
  action: WriteAction,
): Promise<WriteRefusal | null> {
  await takeLock(tx, "writeLimit", action, userId);
  const mine = and(eq(writeEvents.userId, userId), eq(writeEvents.action, action));
  await tx
    .delete(writeEvents)
    .where(and(mine, lte(writeEvents.at, secondsAgo(rule.windowSeconds))));
  const refusal = await refusalAtLimit(tx, rule, userId, action);
  if (!refusal) await tx.insert(writeEvents).values({ userId, action });
  return refusal;
}

/** The HTTP answer to a refused write: 429 with Retry-After and the refusal's text. */
export const tooManyWrites = (refusal: WriteRefusal) => {
  countWriteLimitRefusal(refusal.action);
  return retryLater(429, "too-many-requests", refusal.message, refusal.retryAfterSeconds);
};

/**
 * A 429 AppError when the account is already at its limit for `action`, before any costly work
 * (a photo's decoding): a look only, without lock or count, so the write's own transaction still
 * counts it (write/write.ts) and a race past this look is refused there.
 */
export async function requireRoomToWrite(
  db: Db,
  limits: WriteLimits,
  userId: string,
  action: WriteAction,
): Promise<void> {
  const refusal = await refusalAtLimit(db, limits[action], userId, action);
  if (refusal) throw tooManyWrites(refusal);
}
