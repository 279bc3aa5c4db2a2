import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import type { RowPosition } from "../db/position-cursor.ts";
import { notifications } from "../db/tables/notifications.ts";
import { profiles } from "../db/tables/profiles.ts";
import { announce } from "../events/index.ts";
import { notAmongSql } from "../visibility/index.ts";

/** A new event for `recipientId`, as an event handler words it. */
export type NewNotification = {
  recipientId: string;
  kind: NotificationKind;
  groupKey: string;
  actorId?: string | null;
  subjectId?: number | null;
  link?: string | null;
  detail?: string | null;
  /** Set when the entry is already decided for mail (a periodic mail tells of it instead). */
  mailedAt?: SQL | null;
};

/**
 * In `tx`, the transaction of the change it is about: one more event for each entry's recipient
 * (one statement for them all, so a post matching many saved searches costs one insert). While an
 * entry of the same group is unread it grows ("3 new messages"), keeps its mailed mark (one mail
 * per conversation until it is read) and moves to the top; else a new entry. Their bells hear it.
 * At most one entry per recipient and group. The announcement names the entries (push sends them).
 */
export async function addNotifications(tx: Db, entries: NewNotification[]): Promise<void> {
  if (entries.length === 0) return;
  const written = await tx
    .insert(notifications)
    .values(entries.map((entry) => ({ ...entry, updatedAt: sql`clock_timestamp()` })))
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.groupKey],
      targetWhere: isNull(notifications.readAt),
      set: {
        count: sql`${notifications.count} + 1`,
        updatedAt: sql`clock_timestamp()`,
        actorId: sql`excluded.actor_id`,
        kind: sql`excluded.kind`,
        detail: sql`excluded.detail`,
      },
    })
    .returning({
      id: notifications.id,
      recipientId: notifications.recipientId,
      kind: notifications.kind,
    });
  for (const [userId, ofUser] of Map.groupBy(written, (entry) => entry.recipientId)) {
    const added = ofUser.map(({ id, kind }) => ({ id, kind }));
    await announce(tx, { type: "notifications.changed", userId, entries: added });
  }
}

/** In `tx`: one more event for `entry.recipientId` (addNotifications says how it is kept). */
export const addNotification = (tx: Db, entry: NewNotification) => addNotifications(tx, [entry]);

/** Entries a member may see: none whose actor they blocked since. */
const notByBlocked = (db: Db, blocked: readonly string[]): SQL | undefined => {
  const allowed = notAmongSql(db, blocked, { userId: notifications.actorId });
  return allowed && or(isNull(notifications.actorId), allowed);
};

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

// Formatted by the database: the column keeps microseconds, a JS Date would drop them and a
// cursor would skip entries (db/position-cursor.ts).
const updatedAtIso = sql<string>`to_char(${notifications.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * An entry as the list, the export and the mail read it, with its actor's name and photo: select
 * these `from(notifications)` joined with `actorJoin`.
 */
export const entryColumns = {
  id: notifications.id,
  kind: notifications.kind,
  count: notifications.count,
  link: notifications.link,
  detail: notifications.detail,
  subjectId: notifications.subjectId,
  updatedAt: updatedAtIso,
  readAt: notifications.readAt,
  actorUsername: profiles.username,
  actorImgUrl: profiles.imgUrl,
};
export const actorJoin = eq(profiles.userId, notifications.actorId);

/** A page of `recipientId`'s entries, newest first, after `after`; `limit` at most. */
export function listNotifications(
  db: Db,
  recipientId: string,
  {
    blocked,
    after,
    limit,
  }: { blocked: readonly string[]; after: RowPosition | null; limit: number },
) {
  const position = after
    ? sql`(${notifications.updatedAt}, ${notifications.id}) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`
    : undefined;
  return db
    .select(entryColumns)
    .from(notifications)
    .leftJoin(profiles, actorJoin)
    .where(and(eq(notifications.recipientId, recipientId), notByBlocked(db, blocked), position))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

/** How many unread entries `recipientId` has (the bell's count). */
export async function unreadCount(
  db: Db,
  recipientId: string,
  blocked: readonly string[],
): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        notByBlocked(db, blocked),
      ),
    );
  return Number(row?.unread ?? 0);
}

/**
 * In `tx`: marks `recipientId`'s unread entries read — one (`id`), those of a group (a
 * conversation they opened), or all — and tells their bells when any changed.
 */
export async function markNotificationsRead(
  tx: Db,
  recipientId: string,
  which: { id: number } | { groupKey: string } | "all",
): Promise<number> {
  const only =
    which === "all"
      ? undefined
      : "id" in which
        ? eq(notifications.id, which.id)
        : eq(notifications.groupKey, which.groupKey);
  const read = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt), only))
    .returning({ id: notifications.id });
  if (read.length > 0) await announce(tx, { type: "notifications.changed", userId: recipientId });
  return read.length;
}
