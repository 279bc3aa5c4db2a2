import { eq, sql } from "drizzle-orm";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
} from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { notificationSettings } from "../db/tables/notifications.ts";

export type Setting = NotificationSettings["settings"][number];

/** Every topic × channel for `userId`: their choice where they made one, else the default. */
export async function settingsOf(db: Db, userId: string): Promise<Setting[]> {
  const chosen = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const choice = (topic: NotificationTopic, channel: NotificationChannel) =>
    chosen.find((row) => row.topic === topic && row.channel === channel)?.enabled;
  return NOTIFICATION_TOPICS.flatMap((topic) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      topic,
      channel,
      enabled: choice(topic, channel) ?? NOTIFICATION_DEFAULTS[topic][channel],
    })),
  );
}

/** The topics `userId` wants by mail. */
export async function mailTopicsOf(db: Db, userId: string): Promise<Set<NotificationTopic>> {
  const settings = await settingsOf(db, userId);
  return new Set(settings.filter((s) => s.channel === "mail" && s.enabled).map((s) => s.topic));
}

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
