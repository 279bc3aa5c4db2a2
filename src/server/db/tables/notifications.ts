/** The tables notifications owns (issue 30): only notifications reads and writes them. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TOPICS,
} from "../../../shared/notifications.ts";
import { POST_TYPES } from "../../../shared/post-types.ts";
import { SAVED_SEARCH_DELIVERIES } from "../../../shared/saved-searches.ts";
import { users } from "./auth.ts";
import { createdAt, identityId } from "./columns.ts";
import { userRef } from "./references.ts";

/**
 * One entry of a member's notification centre: written by an event handler in the transaction of
 * the change it is about. While unread, entries of one `group_key` (a conversation) are one row
 * whose `count` grows: "3 new messages from ana". Read ones older than 90 days are pruned.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: identityId(),
    recipientId: userRef("recipient_id"),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** What collapses into one entry while unread, e.g. `conversation:12`, `review:7`. */
    groupKey: text("group_key").notNull(),
    /** Who did it (named in the entry); null when nobody is named (a moderator's decision). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "cascade" }),
    /** The thing it is about (a conversation, a review, a post); the kind says which. */
    subjectId: bigint("subject_id", { mode: "number" }),
    /** Where the entry leads, when the actor does not say it (a moderator's decision). */
    link: text("link"),
    /** A few words of what it is about (a post's title); never a reporter's name. */
    detail: text("detail"),
    count: integer("count").notNull().default(1),
    createdAt: createdAt(),
    /** The newest event of the entry: the list's order. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    check("notifications_count_positive", sql`${t.count} > 0`),
    index("notifications_recipient_updated_idx").on(t.recipientId, t.updatedAt, t.id),
    uniqueIndex("notifications_unread_group_unique")
      .on(t.recipientId, t.groupKey)
      .where(sql`${t.readAt} is null`),
    /** What the mail job looks for: unread and not yet decided for mail, oldest first. */
    index("notifications_mail_due_idx")
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and ${t.mailedAt} is null`),
    /** What retention prunes: read entries by when they were read. */
    index("notifications_read_at_idx").on(t.readAt).where(sql`${t.readAt} is not null`),
  ],
);

/**
 * A member's choice for one topic (messages, reviews, …) on one channel (mail; push next) where it
 * differs from the default (shared/notifications.ts NOTIFICATION_DEFAULTS): no row, the default.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: userRef("user_id"),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic, t.channel] })],
);

/** Each notification mail queued, by member: the daily cap counts these; operators read them. */
export const notificationMails = pgTable(
  "notification_mails",
  {
    id: identityId(),
    recipientId: userRef("recipient_id"),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    /** How many entries the mail told of. */
    entries: integer("entries").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("notification_mails_recipient_sent_idx").on(t.recipientId, t.sentAt)],
);

/**
 * The keys this server signs its unsubscribe links with, made once on first use and shared by
 * every instance (no setting to keep in step).
 */
export const signingKeys = pgTable("signing_keys", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/**
 * A member's "Alert me" on a search of posts: its words (kept as typed and as the search's
 * tsquery and trigram text, so a new post is matched in SQL the way the search ranks it), its
 * filters, the distance's centre, and how matches reach them (`delivery`).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: identityId(),
    userId: userRef("user_id"),
    query: text("query"),
    /** The words for to_tsquery('ylt_search', …) (search/search-text.ts); null without words. */
    tsquery: text("tsquery"),
    /** The words for pg_trgm's word similarity (typos in titles). */
    plain: text("plain"),
    type: text("type", { enum: POST_TYPES }),
    topic: text("topic"),
    withinKm: integer("within_km"),
    /** The place the distance is measured from, when one was chosen (else the member's area). */
    nearId: integer("near_id"),
    areaLat: doublePrecision("area_lat"),
    areaLng: doublePrecision("area_lng"),
    delivery: text("delivery", { enum: SAVED_SEARCH_DELIVERIES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.id),
    check(
      "saved_searches_distance_complete",
      sql`(${t.withinKm} is null) = (${t.areaLat} is null) and (${t.areaLat} is null) = (${t.areaLng} is null)`,
    ),
  ],
);

/**
 * When a member was last sent a periodic mail: the weekly digest (`weekly`) or the daily mail of
 * saved-search matches (`daily`). Claiming the row in the mail's transaction sends each once.
 */
export const digestSends = pgTable(
  "digest_sends",
  {
    userId: userRef("user_id"),
    kind: text("kind", { enum: ["weekly", "daily"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The one-click links of "Still offering …?" mails (issue 32) that were used, by signature: each
 * works once, and a second click is told so even after the post itself was removed.
 */
export const usedPostLinks = pgTable("used_post_links", {
  signature: text("signature").primaryKey(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull(),
});
