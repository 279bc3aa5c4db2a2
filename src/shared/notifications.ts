import { z } from "zod";
import type { PostType } from "./post-types.ts";

// Notifications (issue 30): what happened to a member while they were away, in the bell's list
// (`/notifications`), counted live in the top bar.

/** What an entry is about. A moderator's decision never names who reported. */
export const NOTIFICATION_KINDS = [
  "message",
  "message-request",
  "review",
  "review-reply",
  "moderation",
  "saved-search",
  "offering-expiring",
  "looking-for-expiring",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a member chooses per channel: each kind belongs to one topic. */
export const NOTIFICATION_TOPICS = [
  "messages",
  "reviews",
  "moderation",
  "reminders",
  "alerts",
  "digest",
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The channels besides the bell, which always shows everything: mail, and push (issue 31). */
export const NOTIFICATION_CHANNELS = ["mail", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const TOPIC_OF_KIND: Record<NotificationKind, NotificationTopic> = {
  message: "messages",
  "message-request": "messages",
  review: "reviews",
  "review-reply": "reviews",
  moderation: "moderation",
  "saved-search": "alerts",
  "offering-expiring": "reminders",
  "looking-for-expiring": "reminders",
};

/**
 * A member who chose nothing: mail and push about everything but the digest (push reaches only the
 * devices they turned it on for). The digest is a mail: it has no push.
 */
export const NOTIFICATION_DEFAULTS: Record<
  NotificationTopic,
  Record<NotificationChannel, boolean>
> = {
  messages: { mail: true, push: true },
  reviews: { mail: true, push: true },
  moderation: { mail: true, push: true },
  reminders: { mail: true, push: true },
  alerts: { mail: true, push: true },
  digest: { mail: false, push: false },
};

/** The channels each topic can use (the weekly digest is a mail, never a push). */
export const TOPIC_CHANNELS: Record<NotificationTopic, readonly NotificationChannel[]> = {
  messages: NOTIFICATION_CHANNELS,
  reviews: NOTIFICATION_CHANNELS,
  moderation: NOTIFICATION_CHANNELS,
  reminders: NOTIFICATION_CHANNELS,
  alerts: NOTIFICATION_CHANNELS,
  digest: ["mail"],
};

/** How /settings and the unsubscribe page name each topic. */
export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  messages: "Messages and message requests",
  reviews: "Reviews of you and replies to your reviews",
  moderation: "Moderators' decisions on your posts and reports",
  reminders: "Reminders about your posts",
  alerts: "New posts matching your saved searches",
  digest: "Weekly digest: new posts near you",
};

const settingSchema = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});

/** GET /api/notifications/settings: every topic × channel, chosen or default. */
export const notificationSettingsSchema = z.object({ settings: z.array(settingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications/settings: the choices to change (others stay). */
export const updateNotificationSettingsSchema = z.object({
  settings: z
    .array(settingSchema)
    .min(1)
    .max(NOTIFICATION_TOPICS.length * 2),
});

/** POST /api/notifications/unsubscribe and /resubscribe: the mail's signed link's token. */
export const unsubscribeBodySchema = z.object({ token: z.string().min(1).max(300) });
/** What the token turned off (or on again). */
export const unsubscribeResponseSchema = z.object({ topic: z.enum(NOTIFICATION_TOPICS) });

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** How many events the entry stands for while unread ("3 new messages from ana"). */
  count: z.number().int().positive(),
  /** Who did it; null when nobody is named (a moderator). */
  actor: z.object({ username: z.string(), img_url: z.string().nullable() }).nullable(),
  /** A few words of what it is about (a post's title), when the kind has some. */
  detail: z.string().nullable(),
  /** The app's address of the thing itself. */
  link: z.string(),
  /** When its newest event happened. */
  updated_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE = 20;

/** GET /api/notifications?cursor=: newest first, a page at a time. */
export const notificationsQuerySchema = z.object({
  cursor: z.string().max(200, "is not a valid cursor").optional(),
});

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsResponseSchema>;

/** GET /api/notifications/unread: the bell's count (entries, not events). */
export const notificationsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });

/** POST /api/notifications/:id/read and /api/notifications/read-all answer the count after. */
export const notificationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The entry's sentence, the same in the list and in mail. */
export function notificationText(entry: Pick<Notification, "kind" | "count" | "actor" | "detail">) {
  const who = entry.actor?.username ?? "someone";
  switch (entry.kind) {
    case "message":
      return entry.count > 1
        ? `${entry.count} new messages from ${who}`
        : `New message from ${who}`;
    case "message-request":
      return entry.count > 1
        ? `${who} wants to talk (${entry.count} messages)`
        : `${who} wants to talk`;
    case "review":
      return `${who} reviewed you`;
    case "review-reply":
      return `${who} replied to your review`;
    case "moderation":
      return entry.detail ?? "A moderator looked at your report";
    case "saved-search":
      return `New post matching ${entry.detail ?? "your saved search"}`;
    case "offering-expiring":
    case "looking-for-expiring":
      return expiryQuestion(
        entry.kind === "offering-expiring" ? "offering" : "looking-for",
        entry.detail ?? "your post",
      );
  }
}

/**
 * The question a post's author is asked 3 days before it expires (issue 32), in the bell and as the
 * mail's subject: "Still offering 'Bike repairs'?".
 */
export function expiryQuestion(type: PostType, title: string): string {
  return type === "offering" ? `Still offering '${title}'?` : `Still looking for '${title}'?`;
}
