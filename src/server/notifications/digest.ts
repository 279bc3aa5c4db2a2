import { and, asc, eq, exists, gt, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { NotificationTopic } from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { digestSends, notificationSettings, savedSearches } from "../db/tables/notifications.ts";
import { queueMail } from "../mail/index.ts";
import { write } from "../write/index.ts";
import { digestSections } from "./digest-content.ts";
import { digestMail } from "./digest-mail.ts";

export type DigestSettings = {
  now: Date;
  /** The app's public origin, for the mail's links. */
  origin: string;
  /** Signs a member's unsubscribe link for one topic. */
  unsubscribeToken: (userId: string, topic: NotificationTopic) => string;
};

type Period = "weekly" | "daily";

const DAY_MS = 24 * 60 * 60 * 1000;
const MEMBERS_PAGE = 200;

/** Each periodic mail: how often at most, its topic, and which saved searches it carries. */
const PERIODS = {
  weekly: { everyMs: 7 * DAY_MS, topic: "digest", delivery: "digest" },
  daily: { everyMs: DAY_MS, topic: "alerts", delivery: "daily" },
} as const satisfies Record<
  Period,
  { everyMs: number; topic: NotificationTopic; delivery: string }
>;

const mailSetting = (topic: NotificationTopic, enabled: boolean) =>
  and(
    eq(notificationSettings.userId, users.id),
    eq(notificationSettings.topic, topic),
    eq(notificationSettings.channel, "mail"),
    eq(notificationSettings.enabled, enabled),
  );

/**
 * Who wants this mail: the weekly digest, members who turned it on (off by default); the daily
 * mail, members with a daily saved search who did not turn its topic off (on by default).
 */
function wantsMail(db: Db, period: Period) {
  const setting = (enabled: boolean) =>
    db
      .select({ one: sql`1` })
      .from(notificationSettings)
      .where(mailSetting(PERIODS[period].topic, enabled));
  if (period === "weekly") return exists(setting(true));
  const daily = db
    .select({ one: sql`1` })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, users.id), eq(savedSearches.delivery, "daily")));
  return and(exists(daily), notExists(setting(false)));
}

/**
 * Members with a verified address who want `period`'s mail and were last sent it long enough ago:
 * a page of them after the account `after`, in account order.
 */
function dueMembers(db: Db, period: Period, now: Date, after: string | null) {
  const cutoff = new Date(now.getTime() - PERIODS[period].everyMs);
  return db
    .select({ userId: users.id, email: users.email, lastSent: digestSends.sentAt })
    .from(users)
    .leftJoin(digestSends, and(eq(digestSends.userId, users.id), eq(digestSends.kind, period)))
    .where(
      and(
        eq(users.emailVerified, true),
        or(isNull(digestSends.sentAt), lte(digestSends.sentAt, cutoff)),
        wantsMail(db, period),
        after === null ? undefined : gt(users.id, after),
      ),
    )
    .orderBy(asc(users.id))
    .limit(MEMBERS_PAGE);
}

/**
 * In `tx`: records that `period`'s mail goes to `userId` now, unless it went within the period
 * (then false). A second instance claiming the same member waits for this transaction and then
 * finds the mail sent: each member's mail is queued once.
 */
async function claimSend(tx: Db, userId: string, period: Period, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - PERIODS[period].everyMs);
  const claimed = await tx
    .insert(digestSends)
    .values({ userId, kind: period, sentAt: now })
    .onConflictDoUpdate({
      target: [digestSends.userId, digestSends.kind],
      set: { sentAt: now },
      setWhere: lte(digestSends.sentAt, cutoff),
    })
    .returning({ userId: digestSends.userId });
  return claimed.length > 0;
}

/**
 * `period`'s mail for every member due (issue 30): the posts since their last one (at most a
 * period back), skipped when there is nothing; the claim and the mail in one transaction through
 * the outbox, so with N instances each member gets it once. Returns how many mails it queued.
 */
async function sendPeriodicMails(db: Db, period: Period, settings: DigestSettings) {
  let queued = 0;
  // Page after page: members with nothing to send stay due and must not hide the ones after them.
  for (let after: string | null = null; ; ) {
    const page = await dueMembers(db, period, settings.now, after);
    for (const member of page) {
      if (await sendPeriodicMail(db, member, period, settings)) queued += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < MEMBERS_PAGE) return queued;
    after = last.userId;
  }
}

type DueMember = Awaited<ReturnType<typeof dueMembers>>[number];

/** One member's mail of `period`, unless there is nothing to tell or another instance sent it. */
async function sendPeriodicMail(
  db: Db,
  member: DueMember,
  period: Period,
  settings: DigestSettings,
): Promise<boolean> {
  const { now } = settings;
  const { everyMs, topic, delivery } = PERIODS[period];
  if (!member.email) return false;
  // Since the last one, but never more than a period back (the digest is of the last week).
  const periodStart = now.getTime() - everyMs;
  const since = new Date(Math.max(member.lastSent?.getTime() ?? periodStart, periodStart));
  const sections = await digestSections(db, member.userId, { since, now, delivery });
  if (sections.length === 0) return false;
  const mail = digestMail({
    to: member.email,
    topic,
    origin: settings.origin,
    unsubscribeToken: settings.unsubscribeToken(member.userId, topic),
    sections,
  });
  const { value: sent } = await write(db, async (tx) => {
    if (!(await claimSend(tx, member.userId, period, now))) return false;
    await queueMail(tx, mail);
    return true;
  });
  return sent;
}

/** The weekly digest and the daily saved-search mail, each to whoever is due; how many mails. */
export async function sendDigests(db: Db, settings: DigestSettings): Promise<number> {
  const weekly = await sendPeriodicMails(db, "weekly", settings);
  return weekly + (await sendPeriodicMails(db, "daily", settings));
}
