/** The tables accounts owns (issue 29): only accounts reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { userRef } from "./references.ts";

/**
 * One-time links sent by email (verify an address, reset a password, confirm a new address): the
 * link holds a random token, the table its SHA-256. `email` is the address the link proves.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef("user_id"),
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "account_tokens_purpose",
      sql`${t.purpose} in ('verify-email', 'reset-password', 'change-email')`,
    ),
    index("account_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
  ],
);
