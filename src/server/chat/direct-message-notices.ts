import { eq } from "drizzle-orm";
import type { DirectMessage } from "../../shared/direct-message.ts";
import type { Db } from "../db/database.ts";
import { directMessages } from "../db/tables/direct-messages.ts";
import { profiles } from "../db/tables/profiles.ts";
import { announce, type DomainEvent, fitsNotification } from "../events/index.ts";

/**
 * Direct messages (issue 17) reach their members' sockets through the chat hub of every instance:
 * the transaction that stores a message, moves a read marker or changes a conversation announces
 * an event (events/), so a rolled-back write tells nobody and every instance hears each one after
 * the commit, in commit order. Events name accounts (users.id); they stay between the instances and
 * the database, never in a frame.
 */

/** A stored message, to its members' sockets (the sender's only when `senderOnly`). */
export async function announceDirectMessage(
  tx: Db,
  sent: {
    message: DirectMessage;
    senderId: string;
    recipientId: string;
    senderOnly: boolean;
    request: boolean;
  },
): Promise<void> {
  const { message, ...to } = sent;
  const about = { type: "dm.sent", id: message.id, conversationId: message.conversation_id, ...to };
  const full: DomainEvent = { ...about, type: "dm.sent", message };
  // Too big for a notification: the hub reads the message by its id.
  await announce(tx, fitsNotification(full) ? full : { ...about, type: "dm.sent" });
}

/** The member read a conversation up to `lastReadId`: their own sockets (other tabs) hear it. */
export const announceDirectMessagesRead = (
  tx: Db,
  read: { userId: string; conversationId: number; lastReadId: number },
) => announce(tx, { type: "dm.read", ...read });

/** A conversation of these members was started, accepted or declined: they read the list again. */
export const announceConversationsChanged = (tx: Db, userIds: string[]) =>
  announce(tx, { type: "conversations.changed", userIds });

/** A direct message's row as both its readers see it (the sender named by username). */
export type DirectMessageRow = {
  id: number;
  conversationId: number;
  sender: string;
  text: string;
  createdAt: Date | string;
  hiddenAt: Date | string | null;
};

export function presentDirectMessage(row: DirectMessageRow): DirectMessage {
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversationId),
    sender: row.sender,
    text: row.text,
    created_at: new Date(row.createdAt).toISOString(),
    ...(row.hiddenAt ? { hidden: true } : {}),
  };
}

/** The columns of DirectMessageRow, for a select from direct_messages joined to the sender's profile. */
export const directMessageColumns = {
  id: directMessages.id,
  conversationId: directMessages.conversationId,
  sender: profiles.username,
  text: directMessages.text,
  createdAt: directMessages.createdAt,
  hiddenAt: directMessages.hiddenAt,
};

/** Message `id` as the hub sends it, for a notice too big to carry it; null when it is gone. */
export async function readDirectMessage(db: Db, id: number): Promise<DirectMessage | null> {
  const [row] = await db
    .select(directMessageColumns)
    .from(directMessages)
    .innerJoin(profiles, eq(profiles.userId, directMessages.senderId))
    .where(eq(directMessages.id, id))
    .limit(1);
  return row ? presentDirectMessage(row) : null;
}
