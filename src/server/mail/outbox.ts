import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/tables/mail.ts";
import { announce } from "../events/index.ts";
import { countMail } from "../metrics/index.ts";

/** One message for one recipient, both bodies rendered (renderMail in render-mail.ts). */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe. */
  headers?: Record<string, string> | null;
};

/**
 * Puts `mail` in the outbox as part of `tx`, the transaction of the change that causes it: the mail
 * exists if and only if the change committed, and the senders hear of it when it commits.
 */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    headers: mail.headers ?? null,
  });
  // The senders of every instance wake at once when this commits.
  await announce(tx, { type: "mail.queued" });
}

/**
 * In `tx`, a deleted account's deletion: every mail to `addresses` goes, sent or not (its links
 * died with the account), so the outbox keeps neither the addresses nor the bodies.
 */
export async function forgetMailTo(tx: Db, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  await tx.delete(mailOutbox).where(inArray(mailOutbox.toAddress, [...addresses]));
}

/** A row a sender has claimed: `attempt` is this attempt's number (1 for the first). */
export type ClaimedMail = OutgoingMail & { id: number; attempt: number };

const pending = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));
const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Takes the oldest due row, counts the attempt and moves its next attempt `leaseMs` ahead, in one
 * statement (its own short transaction): other senders skip the row while it is locked and find it
 * not due once it is committed; if this sender dies mid-send, the row is due again when the lease
 * ends.
 */
export async function claimDueMail(db: Db, leaseMs: number): Promise<ClaimedMail | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(pending, lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${seconds(leaseMs)}`,
    })
    .where(sql`${mailOutbox.id} = (${due})`)
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      headers: mailOutbox.headers,
      attempt: mailOutbox.attempts,
    });
  return claimed;
}

/** Delivered. Whoever holds the row now, it must not be sent again. */
export async function markSent(db: Db, mail: ClaimedMail): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, mail.id), isNull(mailOutbox.sentAt)));
  countMail("sent");
}

/**
 * Not delivered this time: due again in `retryInMs`. Only while this attempt still holds the row (a
 * sender that claimed it after the lease ended owns it now).
 */
export async function scheduleRetry(
  db: Db,
  mail: ClaimedMail,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${seconds(retryInMs)}` })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempt), pending));
}

/** Never to be tried again (a permanent refusal, or too many attempts). */
export async function markFailed(db: Db, mail: ClaimedMail, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error, failedAt: sql`now()` })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempt), pending));
  countMail("failed");
}

/** Milliseconds until the next pending row is due (0 if one is due now); undefined if none. */
export async function msUntilNextDue(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({
      ms: sql<number | null>`extract(epoch from min(${mailOutbox.nextAttemptAt}) - now()) * 1000`,
    })
    .from(mailOutbox)
    .where(pending);
  if (row?.ms === null || row?.ms === undefined) return undefined;
  return Math.max(0, Number(row.ms));
}

/** Mails waiting (neither sent nor given up) and the age of the oldest at `now`, in seconds. */
export async function outboxBacklog(
  db: Db,
  now: Date,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${mailOutbox.createdAt})`,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, (now.getTime() - oldest) / 1000) };
}
