import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { users, writeEvents } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { writeLimitMessage } from "./write-limit-message.ts";
import {
  NEW_ACCOUNT_SECONDS,
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

export type LimitedWriteResult<T> =
  | { allowed: true; value: T }
  | { allowed: false; refusal: WriteRefusal };

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Counts one write of `action` by `userId` inside the caller's transaction, or refuses it at the
 * limit. A transaction-scoped advisory lock on (action, user) makes the count and the insert one
 * step for every instance on the database: parallel writes queue here, each sees the ones before.
 * The account's events that have left the window go at the same time, so the table stays small.
 */
async function reserveWrite(
  tx: Db,
  rule: WriteLimitRule,
  userId: string,
  action: WriteAction,
): Promise<WriteRefusal | null> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`write-limit:${action}`}), hashtext(${userId}))`,
  );
  const mine = and(eq(writeEvents.userId, userId), eq(writeEvents.action, action));
  await tx
    .delete(writeEvents)
    .where(and(mine, lte(writeEvents.at, secondsAgo(rule.windowSeconds))));
  const inWindow = and(mine, gt(writeEvents.at, secondsAgo(rule.windowSeconds)));
  const [account] = await tx
    .select({ newAccount: sql<boolean>`${users.createdAt} > ${secondsAgo(NEW_ACCOUNT_SECONDS)}` })
    .from(users)
    .where(eq(users.id, userId));
  const [counted] = await tx.select({ used: count() }).from(writeEvents).where(inWindow);
  const newAccount = account?.newAccount ?? true;
  const limit = newAccount ? rule.newAccountMax : rule.max;
  const used = counted?.used ?? 0;
  if (used < limit) {
    await tx.insert(writeEvents).values({ userId, action });
    return null;
  }
  // Writing is possible again when enough of the window's events have left it (more than one
  // when the limit was lowered since they were counted).
  const [leaving] = await tx
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
 * Runs `write` in one transaction with the count of its limit, unless the account is at the limit:
 * then nothing is written and the refusal says when to try again. For callers outside HTTP (chat).
 */
export function withinWriteLimit<T>(
  db: Db,
  limits: WriteLimits,
  userId: string,
  action: WriteAction,
  write: (tx: Db) => Promise<T>,
): Promise<LimitedWriteResult<T>> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const refusal = await reserveWrite(tx, limits[action], userId, action);
    if (refusal) return { allowed: false, refusal };
    return { allowed: true, value: await write(tx) };
  });
}

/** The HTTP answer to a refused write: 429 with Retry-After and the refusal's text. */
export const tooManyWrites = (refusal: WriteRefusal) =>
  new AppError(429, "too-many-requests", refusal.message, {
    headers: { "Retry-After": String(refusal.retryAfterSeconds) },
  });

/** withinWriteLimit for a route: the value written, or a 429 AppError. */
export async function limitedWrite<T>(
  db: Db,
  limits: WriteLimits,
  userId: string,
  action: WriteAction,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await withinWriteLimit(db, limits, userId, action, write);
  if (!result.allowed) throw tooManyWrites(result.refusal);
  return result.value;
}
