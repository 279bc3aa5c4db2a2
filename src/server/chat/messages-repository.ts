import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { ChatMessage } from "../../shared/chat.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { messages } from "../db/tables/chat.ts";
import { announce, type DomainEvent, fitsNotification } from "../events/index.ts";
import type { LiveViewer } from "../live/index.ts";
import { boundReader, visibleToSql } from "../visibility/index.ts";
import { write } from "../write/index.ts";

type MessageRow = typeof messages.$inferSelect;

/** What clients are sent: the sender's internal id stays here (issue 13, item 16). */
const columns = {
  id: messages.id,
  userName: messages.userName,
  userPhotoUrl: messages.userPhotoUrl,
  text: messages.text,
  createdAt: messages.createdAt,
  hiddenAt: messages.hiddenAt,
};

export function presentMessage(
  row: Pick<MessageRow, "id" | "userName" | "userPhotoUrl" | "text" | "createdAt" | "hiddenAt">,
): ChatMessage {
  return {
    id: Number(row.id),
    userName: row.userName,
    userPhotoURL: row.userPhotoUrl,
    text: row.text,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.hiddenAt ? { hidden: true } : {}),
  };
}

/**
 * A stored message as the hub fans it out: who sent it and whether moderators hid it decide which
 * sockets get it; neither leaves the server in a frame.
 */
export type StoredMessage = { message: ChatMessage; senderId: string; hidden: boolean };

/**
 * The messages `viewer` (null: signed out) is sent in a snapshot or resume: hidden ones only when
 * they wrote them or moderate, none by a member they blocked. The hub applies the same rule to live
 * messages (live-viewer.ts mayReceive).
 */
function visibleTo(db: Db, viewer: LiveViewer | null): SQL | undefined {
  return visibleToSql(db, boundReader(viewer), messageItem);
}

/** A chat message as visibility sees it: by its sender's account. */
const messageItem = { hiddenAt: messages.hiddenAt, author: { userId: messages.userId } };

/** The rows `viewer` may see among those `where` keeps, in `order`, at most `limit`. */
function visibleRows(
  db: Db,
  viewer: LiveViewer | null,
  page: { where: SQL | undefined; order: SQL; limit: number },
) {
  return db
    .select(columns)
    .from(messages)
    .where(and(page.where, visibleTo(db, viewer)))
    .orderBy(page.order)
    .limit(page.limit);
}

/** The latest `limit` messages `viewer` may see, oldest first. */
export async function latestMessages(
  db: Db,
  limit: number,
  viewer: LiveViewer | null = null,
): Promise<ChatMessage[]> {
  const rows = await visibleRows(db, viewer, { where: undefined, order: desc(messages.id), limit });
  return rows.reverse().map(presentMessage);
}

/** Messages `viewer` may see with an id above `afterId`, oldest first, at most `limit`. */
export async function messagesAfter(
  db: Db,
  afterId: number,
  limit: number,
  viewer: LiveViewer | null = null,
): Promise<ChatMessage[]> {
  const where = gt(messages.id, afterId);
  const rows = await visibleRows(db, viewer, { where, order: asc(messages.id), limit });
  return rows.map(presentMessage);
}

/** Every message with an id above `afterId`, hidden or not, oldest first: the hub's catch-up. */
export async function storedMessagesAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<StoredMessage[]> {
  const rows = await db
    .select({ ...columns, senderId: messages.userId })
    .from(messages)
    .where(gt(messages.id, afterId))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((row) => ({
    message: presentMessage(row),
    senderId: row.senderId,
    hidden: row.hiddenAt !== null,
  }));
}

/** Who sent message `id` (users.id), or null when there is no such message. */
export async function messageSenderId(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ senderId: messages.userId })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return row?.senderId ?? null;
}

/** The highest message id stored, 0 when there is none. */
export async function lastMessageId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .orderBy(desc(messages.id))
    .limit(1);
  return row ? Number(row.id) : 0;
}

export async function findMessageByClientId(
  db: Db,
  userId: string,
  clientId: string,
): Promise<ChatMessage | null> {
  const [row] = await db
    .select(columns)
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.clientId, clientId)))
    .limit(1);
  return row ? presentMessage(row) : null;
}

export type NewMessage = {
  userId: string;
  userName: string;
  userPhotoUrl: string | null;
  /** Already trimmed and filtered. */
  text: string;
  clientId: string;
};

/**
 * The event of a stored message: the whole message and its sender's account (`senderId`, for the
 * hubs' filtering; events stay between the instances and the database) when it fits in a
 * notification, else only its id.
 */
export function messageEvent(message: ChatMessage, senderId: string): DomainEvent {
  const full: DomainEvent = {
    type: "chat.message",
    id: message.id,
    sent: { ...message, senderId },
  };
  return fitsNotification(full) ? full : { type: "chat.message", id: message.id };
}

/**
 * Stores a message and announces it to every instance, in one transaction; a message with the
 * same (user, clientId) is not stored twice: the stored one comes back with `created: false`.
 * Inside a transaction already (the chat's write limit), use `storeMessageInTransaction`.
 */
export async function insertMessage(
  db: Db,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  return write(db, (tx) => storeMessageInTransaction(tx, message)).then((done) => done.value);
}

/**
 * `insertMessage` in the caller's transaction `tx`, which must commit for the message to be stored
 * and announced (a nested `db.transaction` would cost a SAVEPOINT and its RELEASE per message).
 *
 * Ids are the resume cursor ("give me everything after id N"), so a message must never become
 * visible after one with a higher id, or a reader between the two commits would skip it for good.
 * Identity values are handed out at insert time but become visible at commit, in any order. The
 * transaction therefore takes one advisory lock before inserting and keeps it until after it
 * commits: inserts run one at a time, and ids become visible in increasing order. (A chat room
 * stores a few messages per second; an insert holds the lock for well under a millisecond.)
 * The NOTIFY sent inside the same transaction is delivered only on commit and in commit order,
 * so every instance hears about messages in id order, and never about one that rolled back.
 * created_at is taken after the lock (clock_timestamp) so it follows the same order.
 */
export async function storeMessageInTransaction(
  tx: Db,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  await takeLock(tx, "chatMessageInsert");
  const [row] = await tx
    .insert(messages)
    .values({ ...message, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing({ target: [messages.userId, messages.clientId] })
    .returning(columns);
  if (!row) {
    const existing = await findMessageByClientId(tx, message.userId, message.clientId);
    if (!existing) throw new Error("message conflicted but is not there");
    return { message: existing, created: false };
  }
  const stored = presentMessage(row);
  await announce(tx, messageEvent(stored, message.userId));
  return { message: stored, created: true };
}
