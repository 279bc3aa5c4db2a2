import { eq, sql } from "drizzle-orm";
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
  TOPIC_CHANNELS,
} from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { notificationSettings } from "../db/tables/notifications.ts";

export type Setting = NotificationSettings["settings"][number];

/**
 * Every topic × channel the topic has (TOPIC_CHANNELS: the digest is a mail only) for `userId`:
 * their choice where they made one, else the default.
 */
export async function settingsOf(db: Db, userId: string): Promise<Setting[]> {
  const chosen = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const choice = (topic: NotificationTopic, channel: NotificationChannel) =>
    chosen.find((row) => row.topic === topic && row.channel === channel)?.enabled;
  return NOTIFICATION_TOPICS.flatMap((topic) =>
    TOPIC_CHANNELS[topic].map((channel) => ({
      topic,
      channel,
      enabled: choice(topic, channel) ?? NOTIFICATION_DEFAULTS[topic][channel],
    })),
  );
}

/** The topics `userId` wants on `channel`. */
export async function topicsOn(
  db: Db,
  userId: string,
  channel: NotificationChannel,
): Promise<Set<NotificationTopic>> {
  const settings = await settingsOf(db, userId);
  return new Set(settings.filter((s) => s.channel === channel && s.enabled).map((s) => s.topic));
}

/** The topics `userId` wants by mail. */
export const mailTopicsOf = (db: Db, userId: string) => topicsOn(db, userId, "mail");

/** A choice for a channel its topic does not have (a pushed digest); undefined when all fit. */
export const unavailableSetting = (settings: readonly Setting[]): Setting | undefined =>
  settings.find((setting) => !TOPIC_CHANNELS[setting.topic].includes(setting.channel));

/** In `tx`: records these choices of `userId` (the others stay as they were). */
export async function saveSettings(tx: Db, userId: string, settings: Setting[]): Promise<void> {
  // One row per topic and channel: the last choice of each wins.
  const unique = [...new Map(settings.map((s) => [`${s.topic}|${s.channel}`, s])).values()];
  if (unique.length === 0) return;
  await tx
    .insert(notificationSettings)
    .values(unique.map((setting) => ({ userId, ...setting })))
    .onConflictDoUpdate({
      target: [
        notificationSettings.userId,
        notificationSettings.topic,
        notificationSettings.channel,
      ],
      set: { enabled: sql`excluded.enabled` },
    });
}
