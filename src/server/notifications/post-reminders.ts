import { sql } from "drizzle-orm";
import type { NotificationTopic } from "../../shared/notifications.ts";
import { POST_LINK_ACTIONS, type PostLinkAction } from "../../shared/post-links.ts";
import type { Db } from "../db/database.ts";
import { notificationMails } from "../db/tables/notifications.ts";
import { queueMail } from "../mail/index.ts";
import { claimExpiryReminders, type PostDueReminder } from "../posts/index.ts";
import { write } from "../write/index.ts";
import { recipientOf } from "./mail-due.ts";
import { addNotification } from "./notifications-repository.ts";
import { postLinkToken } from "./post-link-token.ts";
import { postReminderMail } from "./post-reminder-mail.ts";

export type PostReminderSettings = {
  now: Date;
  origin: string;
  /** The key the links are signed with. */
  linkKey: string;
  unsubscribeToken: (userId: string, topic: NotificationTopic) => string;
  mailTopicsOf: (tx: Db, userId: string) => Promise<Set<NotificationTopic>>;
};

const POSTS_PER_TRANSACTION = 50;

/**
 * In `tx`: the author's bell entry (always; already decided for mail, as the reminder's own mail
 * tells of it) and, when they want reminders by mail at a verified address, the mail with its
 * three signed links, in the outbox.
 */
async function remind(tx: Db, post: PostDueReminder, settings: PostReminderSettings) {
  const { authorUserId: userId } = post;
  await addNotification(tx, {
    recipientId: userId,
    kind: post.kind === "offering" ? "offering-expiring" : "looking-for-expiring",
    groupKey: `post-expiring:${post.id}`,
    subjectId: post.id,
    link: `/articles/${post.id}`,
    detail: post.title,
    mailedAt: sql`now()`,
  });
  const recipient = await recipientOf(tx, userId);
  if (!recipient || !(await settings.mailTopicsOf(tx, userId)).has("reminders")) return;
  const remindedAt = post.remindedAt.getTime();
  const token = (action: PostLinkAction) =>
    postLinkToken(settings.linkKey, { postId: post.id, action, remindedAt });
  await queueMail(
    tx,
    postReminderMail({
      to: recipient.email,
      origin: settings.origin,
      unsubscribeToken: settings.unsubscribeToken(userId, "reminders"),
      post,
      tokens: Object.fromEntries(POST_LINK_ACTIONS.map((a) => [a, token(a)])) as Record<
        PostLinkAction,
        string
      >,
    }),
  );
  await tx
    .insert(notificationMails)
    .values({ recipientId: userId, topic: "reminders", entries: 1, sentAt: settings.now });
}

/**
 * The reminder job (issue 32): every open post expiring within 3 days of `now` is claimed once
 * (posts' claimExpiryReminders, SKIP LOCKED: safe on every instance at once) and its author told,
 * the claim, the bell entry and the mail in one transaction. Returns how many posts it reminded of.
 */
export async function sendPostReminders(db: Db, settings: PostReminderSettings): Promise<number> {
  let reminded = 0;
  for (;;) {
    const { value: count } = await write(db, async (tx) => {
      const due = await claimExpiryReminders(tx, settings.now, POSTS_PER_TRANSACTION);
      for (const post of due) await remind(tx, post, settings);
      return due.length;
    });
    reminded += count;
    if (count < POSTS_PER_TRANSACTION) return reminded;
  }
}
