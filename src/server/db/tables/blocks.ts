/** The tables blocks owns (issue 29): only blocks reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { userRef } from "./references.ts";

/** Who blocked whom: the blocker stops seeing the blocked member, who cannot review the blocker. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: userRef("blocker_id"),
    blockedId: userRef("blocked_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    index("blocks_blocked_idx").on(t.blockedId),
  ],
);
