/** The tables moderation owns (issue 29): only moderation reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, identityId } from "./columns.ts";
import { userRef } from "./references.ts";

/**
 * A member's report of something another member wrote. `targetId` is the item's id as text (a post,
 * review or chat message id; a profile's uuid); `subjectUserId` is its author's
 * account. Open until a moderator acts on the item; one open report per reporter and item.
 */
export const reports = pgTable(
  "reports",
  {
    id: identityId(),
    reporterId: userRef("reporter_id"),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    subjectUserId: userRef("subject_user_id"),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "reports_target_type",
      sql`${t.targetType} in ('post', 'review', 'review-reply', 'profile', 'message', 'direct-message')`,
    ),
    check(
      "reports_reason",
      sql`${t.reason} in ('spam', 'harassment', 'scam', 'inappropriate', 'other')`,
    ),
    check("reports_status", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex("reports_one_open_per_reporter_item")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_created_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("reports_target_idx").on(t.targetType, t.targetId),
    index("reports_subject_idx").on(t.subjectUserId),
  ],
);

/**
 * What moderators did, and what the reports threshold did on its own (`moderatorId` null): read by
 * moderators, never shown to reporters. `subjectUserId` is the member the action concerned.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: identityId(),
    moderatorId: uuid("moderator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_created_idx").on(t.createdAt, t.id)],
);
