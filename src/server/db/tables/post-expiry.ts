/** The tables post-expiry owns (issue 32): only post-expiry reads and writes them. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The one-click links of "Still offering …?" mails that were used, by signature: each works once,
 * and a second click is told so even after the post itself was removed.
 */
export const usedPostLinks = pgTable("used_post_links", {
  signature: text("signature").primaryKey(),
  usedAt: timestamp("used_at", { withTimezone: true }).notNull(),
});
