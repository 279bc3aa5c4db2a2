import { and, eq, sql } from "drizzle-orm";
import { announceConversationsChanged, announceDirectMessagesRead } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { conversationMembers, conversations } from "../db/schema.ts";

const side = (viewerId: string, otherId: string) =>
  and(eq(conversationMembers.userId, viewerId), eq(conversationMembers.otherUserId, otherId));

/**
 * Moves `viewerId`'s read marker of their conversation with `otherId` forward to `lastReadId`
 * (never back, never past the conversation's last message), and tells the viewer's sockets.
 * False when there is no conversation.
 */
export async function markRead(
  db: Db,
  viewerId: string,
  otherId: string,
  lastReadId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ conversationId: conversationMembers.conversationId })
      .from(conversationMembers)
      .where(side(viewerId, otherId));
    if (!member) return false;
    const conversationId = Number(member.conversationId);
    const capped = sql`least(${lastReadId}::bigint, (select ${conversations.lastMessageId} from ${conversations} where ${conversations.id} = ${conversationId}))`;
    const [moved] = await tx
      .update(conversationMembers)
      .set({ lastReadId: capped })
      .where(and(side(viewerId, otherId), sql`${conversationMembers.lastReadId} < ${capped}`))
      .returning({ lastReadId: conversationMembers.lastReadId });
    if (moved) {
      await announceDirectMessagesRead(tx as unknown as Db, {
        userId: viewerId,
        conversationId,
        lastReadId: Number(moved.lastReadId),
      });
    }
    return true;
  });
}

/**
 * Sets `viewerId`'s side of their conversation with `otherId` to `status` (accept: open; decline:
 * declined), telling the viewer's sockets when it changed. False when there is no conversation.
 */
export async function setStatus(
  db: Db,
  viewerId: string,
  otherId: string,
  status: "open" | "declined",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: conversationMembers.status })
      .from(conversationMembers)
      .where(side(viewerId, otherId));
    if (!member) return false;
    if (member.status !== status) {
      await tx.update(conversationMembers).set({ status }).where(side(viewerId, otherId));
      await announceConversationsChanged(tx as unknown as Db, [viewerId]);
    }
    return true;
  });
}
