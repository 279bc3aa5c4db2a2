import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Notification } from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { notifications } from "../db/tables/notifications.ts";
import { profiles } from "../db/tables/profiles.ts";
import { presentNotification } from "./notifications-presenter.ts";
import { actorJoin, entryColumns } from "./notifications-repository.ts";

const recipient = alias(profiles, "recipient");

/** An unread entry as a device shows it: the list's entry, its group and its recipient. */
export type DeviceEntry = { entry: Notification; groupKey: string; recipientId: string };

/**
 * Entry `id` as it is now, for a push: undefined when it is read or gone, when its actor is among
 * `blocked` (the recipient's blocks, as the list leaves them out), or when moderators hid the
 * actor's profile since. One query: the entry, its actor, its recipient's own username.
 */
export async function unreadEntryForDevice(
  db: Db,
  id: number,
  blockedOf: (recipientId: string) => Promise<readonly string[]>,
): Promise<DeviceEntry | undefined> {
  const [row] = await db
    .select({
      ...entryColumns,
      groupKey: notifications.groupKey,
      recipientId: notifications.recipientId,
      actorId: notifications.actorId,
      actorHidden: sql<boolean>`${profiles.hiddenAt} is not null`,
      ownUsername: recipient.username,
    })
    .from(notifications)
    .leftJoin(profiles, actorJoin)
    .leftJoin(recipient, eq(recipient.userId, notifications.recipientId))
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  if (!row || row.actorHidden) return undefined;
  if (row.actorId && (await blockedOf(row.recipientId)).includes(row.actorId)) return undefined;
  return {
    entry: presentNotification(row, row.ownUsername ?? ""),
    groupKey: row.groupKey,
    recipientId: row.recipientId,
  };
}
