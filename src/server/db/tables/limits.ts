import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { identityId } from "./columns.ts";
import { userRef } from "./references.ts";

/** Writes per account (posts, reviews, profile edits, chat), for limits shared by every instance. */
export const writeEvents = pgTable(
  "write_events",
  {
    id: identityId(),
    userId: userRef("user_id"),
    action: text("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("write_events_user_action_at_idx").on(t.userId, t.action, t.at),
    index("write_events_at_idx").on(t.at),
  ],
);

/**
 * Requests per client address and limit (sign-in, sign-up, forgot password, chat upgrades) in the
 * current window, one row per address and limit, so every instance counts the same hits
 * (limits/address-hits.ts).
 */
export const addressHits = pgTable(
  "address_hits",
  {
    /** The limit and the address it counts, e.g. `sign-in:203.0.113.7`. */
    bucket: text("bucket").primaryKey(),
    /** When the window that began with the first hit ends (its row is then pruned or restarted). */
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("address_hits_window_end_idx").on(t.windowEnd)],
);
