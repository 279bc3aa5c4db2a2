/** The tables mail owns (issue 29): only mail reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { createdAt, identityId } from "./columns.ts";

/**
 * Mail to send (the outbox): written in the same transaction as the change that causes it, sent by
 * the server's mail sender with retries; `sent_at` or `failed_at` ends a row's life.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: identityId(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra header lines (List-Unsubscribe on notification mail); null: none. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    /** When a sender may next try it; a sender that claims a row moves this past its attempt. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when it stopped retrying (a permanent SMTP refusal, or too many attempts). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt),
  ],
);
