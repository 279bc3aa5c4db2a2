import { and, eq, sql } from "drizzle-orm";
import { announceConversationsChanged, announceDirectMessagesRead } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { conversationMembers, conversations } from "../db/tables/direct-messages.ts";
import { write } from "../write/index.ts";

const side = (viewerId: string, otherId: string) =>
  and(eq(conversationMembers.userId, viewerId), eq(conversationMembers.otherUserId, otherId));

/**
 * In one write, `change` on `viewerId`'s side of their conversation with `otherId`, as it was read
 * first; false (and no change) when there is no conversation.
 */
async function changeOwnSide(
  db: Db,
  viewerId: string,
  otherId: string,
  change: (tx: Db, member: { conversationId: number; status: string }) => Promise<void>,
): Promise<boolean> {
  const { value } = await write(db, async (tx) => {
    const [member] = await tx
      .select({
        conversationId: conversationMembers.conversationId,
        status: conversationMembers.status,
      })
      .from(conversationMembers)
      .where(side(viewerId, otherId));
    if (!member) return false;
    await change(tx, member);
    return true;
  });
  return value;
}

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
  return changeOwnSide(db, viewerId, otherId, async (tx, member) => {
    const conversationId = Number(member.conversationId);
    const capped = sql`least(${lastReadId}::bigint, (select ${conversations.lastMessageId} from ${conversations} where ${conversations.id} = ${conversationId}))`;
    const [moved] = await tx
      .update(conversationMembers)
      .set({ lastReadId: capped })
      .where(and(side(viewerId, otherId), sql`${conversationMembers.lastReadId} < ${capped}`))
      .returning({ lastReadId: conversationMembers.lastReadId });
    if (moved) {
      await announceDirectMessagesRead(tx, {
        userId: viewerId,
        conversationId,
        lastReadId: Number(moved.lastReadId),
      });
    }
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
  return changeOwnSide(db, viewerId, otherId, async (tx, member) => {
    if (member.status !== status) {
      await tx.update(conversationMembers).set({ status }).where(side(viewerId, otherId));
      await announceConversationsChanged(tx, [viewerId]);
    }
  });
}
