import { and, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { notifications } from "../db/tables/notifications.ts";

/** Read entries are kept this long, then pruned; unread ones stay until read. */
export const READ_RETENTION_DAYS = 90;

/** Deletes entries read more than 90 days before `now`; how many. */
export async function pruneReadNotifications(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - READ_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const pruned = await db
    .delete(notifications)
    .where(and(isNotNull(notifications.readAt), lt(notifications.readAt, before)))
    .returning({ id: notifications.id });
  return pruned.length;
}
