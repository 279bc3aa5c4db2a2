import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DirectMessage, directMessageSchema } from "../../shared/direct-message.ts";
import type { Db } from "../db/database.ts";
import { directMessages, profiles } from "../db/schema.ts";

/**
 * Direct messages (issue 17) reach their members' sockets through the chat hub of every instance:
 * the transaction that stores a message, moves a read marker or changes a conversation NOTIFYs one
 * of these notices on a channel of its own, so a rolled-back write tells nobody and every instance
 * hears each one after the commit, in commit order. Notices name accounts (users.id); they stay
 * between the instances and the database, never in a frame.
 */
export const DIRECT_MESSAGES_CHANNEL = "ylt_direct_messages";

/** NOTIFY payloads must stay under 8000 bytes; a bigger message travels as its id only. */
const MAX_NOTIFY_BYTES = 7900;

const audience = {
  senderId: z.string(),
  recipientId: z.string(),
  /** Withheld (the recipient blocked the sender, or declined): only the sender's sockets get it. */
  senderOnly: z.boolean(),
};

export const directMessageNoticeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dm"), message: directMessageSchema, ...audience }),
  z.object({ kind: z.literal("dm-id"), id: z.number().int().positive(), ...audience }),
  z.object({
    kind: z.literal("read"),
    userId: z.string(),
    conversationId: z.number().int().positive(),
    lastReadId: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal("changed"), userIds: z.array(z.string()) }),
]);
export type DirectMessageNotice = z.infer<typeof directMessageNoticeSchema>;

const notify = (tx: Db, notice: DirectMessageNotice) =>
  tx.execute(sql`select pg_notify(${DIRECT_MESSAGES_CHANNEL}, ${JSON.stringify(notice)})`);

/** A stored message, to its members' sockets (the sender's only when `senderOnly`). */
export async function announceDirectMessage(
  tx: Db,
  sent: { message: DirectMessage; senderId: string; recipientId: string; senderOnly: boolean },
): Promise<void> {
  const { message, ...to } = sent;
  const full = JSON.stringify({ kind: "dm", message, ...to });
  if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES) {
    await tx.execute(sql`select pg_notify(${DIRECT_MESSAGES_CHANNEL}, ${full})`);
  } else await notify(tx, { kind: "dm-id", id: message.id, ...to });
}

/** The member read a conversation up to `lastReadId`: their own sockets (other tabs) hear it. */
export const announceDirectMessagesRead = (
  tx: Db,
  read: { userId: string; conversationId: number; lastReadId: number },
) => notify(tx, { kind: "read", ...read });

/** A conversation of these members was started, accepted or declined: they read the list again. */
export const announceConversationsChanged = (tx: Db, userIds: string[]) =>
  notify(tx, { kind: "changed", userIds });

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
