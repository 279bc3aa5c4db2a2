import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  type NotificationTopic,
  notificationText,
  TOPIC_OF_KIND,
} from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { notificationMails, notifications } from "../db/tables/notifications.ts";
import { profiles } from "../db/tables/profiles.ts";
import { queueMail } from "../mail/index.ts";
import { write } from "../write/index.ts";
import { type NotificationMailContext, notificationMail } from "./notification-mail.ts";
import { presentNotification } from "./notifications-presenter.ts";
import { actorJoin, entryColumns } from "./notifications-repository.ts";

export type MailDueSettings = {
  now: Date;
  delaySeconds: number;
  dailyCap: number;
  /** The app's public origin, for the mail's links. */
  origin: string;
  /** Signs a member's unsubscribe link for one topic. */
  unsubscribeToken: (userId: string, topic: NotificationTopic) => string;
  /** The topics the member wants by mail. */
  mailTopicsOf: (tx: Db, userId: string) => Promise<Set<NotificationTopic>>;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const RECIPIENTS_PER_RUN = 200;

/** Still unread, not yet decided for mail, and older than the delay. */
const dueBefore = (cutoff: Date) =>
  and(
    isNull(notifications.readAt),
    isNull(notifications.mailedAt),
    lte(notifications.createdAt, cutoff),
  );

/** The recipient's due entries, locked for this run (another instance's run skips them). */
function claimDueEntries(tx: Db, recipientId: string, cutoff: Date) {
  return tx
    .select(entryColumns)
    .from(notifications)
    .leftJoin(profiles, actorJoin)
    .where(and(eq(notifications.recipientId, recipientId), dueBefore(cutoff)))
    .orderBy(asc(notifications.createdAt))
    .for("update", { of: notifications, skipLocked: true });
}

/** Where mail goes: a verified address only. */
export async function recipientOf(tx: Db, userId: string) {
  const [row] = await tx
    .select({ email: users.email, verified: users.emailVerified, username: profiles.username })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.email && row.verified && row.username ? { ...row, email: row.email } : null;
}

async function mailsSentToday(tx: Db, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(notificationMails)
    .where(
      and(
        eq(notificationMails.recipientId, userId),
        sql`${notificationMails.sentAt} > ${new Date(now.getTime() - DAY_MS)}`,
      ),
    );
  return Number(row?.sent ?? 0);
}

/**
 * One recipient's due entries, in one transaction: one mail per topic they want by mail (while
 * under the daily cap, to a verified address), queued in the outbox; every claimed entry is then
 * marked decided (`mailed_at`), mailed or not, so it is never looked at again and a conversation
 * that goes on unread sends no second mail. Returns how many mails it queued.
 */
async function mailRecipient(db: Db, recipientId: string, settings: MailDueSettings) {
  const cutoff = new Date(settings.now.getTime() - settings.delaySeconds * 1000);
  const { value } = await write(db, async (tx) => {
    const entries = await claimDueEntries(tx, recipientId, cutoff);
    if (entries.length === 0) return 0;
    const recipient = await recipientOf(tx, recipientId);
    const wanted = recipient ? await settings.mailTopicsOf(tx, recipientId) : new Set();
    let sent = await mailsSentToday(tx, recipientId, settings.now);
    const byTopic = Map.groupBy(entries, (entry) => TOPIC_OF_KIND[entry.kind]);
    let queued = 0;
    for (const [topic, ofTopic] of byTopic) {
      if (!recipient || !wanted.has(topic) || sent >= settings.dailyCap) continue;
      const context: NotificationMailContext = {
        to: recipient.email,
        topic,
        origin: settings.origin,
        unsubscribeToken: settings.unsubscribeToken(recipientId, topic),
        entries: ofTopic.map((row) => {
          const shown = presentNotification(row, recipient.username ?? "");
          return { text: notificationText(shown), link: shown.link };
        }),
      };
      await queueMail(tx, notificationMail(context));
      await tx.insert(notificationMails).values({
        recipientId,
        topic,
        entries: ofTopic.length,
        sentAt: settings.now,
      });
      sent += 1;
      queued += 1;
    }
    await tx
      .update(notifications)
      .set({ mailedAt: settings.now })
      .where(
        inArray(
          notifications.id,
          entries.map((entry) => entry.id),
        ),
      );
    return queued;
  });
  return value;
}

/**
 * The mail job (issue 30): every member with entries unread past the delay gets them by mail,
 * batched per topic. Safe on every instance at once (rows claimed with SKIP LOCKED, the mail in
 * the outbox in the same transaction: each entry is decided, and mailed, exactly once). Returns
 * how many mails it queued.
 */
export async function mailDueNotifications(db: Db, settings: MailDueSettings): Promise<number> {
  const cutoff = new Date(settings.now.getTime() - settings.delaySeconds * 1000);
  const recipients = await db
    .selectDistinct({ recipientId: notifications.recipientId })
    .from(notifications)
    .where(dueBefore(cutoff))
    .limit(RECIPIENTS_PER_RUN);
  let queued = 0;
  for (const { recipientId } of recipients) {
    queued += await mailRecipient(db, recipientId, settings);
  }
  return queued;
}
