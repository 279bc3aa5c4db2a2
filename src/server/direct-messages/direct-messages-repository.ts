import { and, desc, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import { blockedUserIdsQuery } from "../blocks/index.ts";
import { type DirectMessageRow, directMessageColumns } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { conversationMembers, directMessages, profiles } from "../db/schema.ts";

/** A member as a conversation names them: the account behind a username. */
export type Member = { userId: string; username: string; imgUrl: string | null; hidden: boolean };

/** The member named `username` (any letter case), or null. */
export async function findMember(db: Db, username: string): Promise<Member | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      imgUrl: profiles.imgUrl,
      hiddenAt: profiles.hiddenAt,
    })
    .from(profiles)
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  if (!row) return null;
  const { hiddenAt, ...member } = row;
  return { ...member, hidden: hiddenAt !== null };
}

/**
 * The messages of a conversation `viewerId` may read: their own (hidden ones too, marked), and the
 * other's unless withheld (the viewer blocked them, or had declined) or hidden by moderators.
 */
function visibleTo(viewerId: string): SQL {
  return or(
    eq(directMessages.senderId, viewerId),
    and(eq(directMessages.withheld, false), isNull(directMessages.hiddenAt)),
  ) as SQL;
}

export type MemberStatus = "request" | "open" | "declined";

/** One conversation as one of its members sees it. */
export type ConversationRow = {
  conversationId: number;
  status: MemberStatus;
  lastReadId: number;
  other: { username: string; imgUrl: string | null };
  lastMessage: DirectMessageRow | null;
  unread: number;
};

/**
 * `viewerId`'s conversations matching `where`, each with its last message the viewer may read and
 * the other's messages after the read marker: two queries whatever their number.
 */
async function conversationRows(db: Db, viewerId: string, where: SQL): Promise<ConversationRow[]> {
  const member = conversationMembers;
  const visible = sql`(dm.sender_id = ${viewerId} or (not dm.withheld and dm.hidden_at is null))`;
  const rows = await db
    .select({
      conversationId: member.conversationId,
      status: member.status,
      lastReadId: member.lastReadId,
      username: profiles.username,
      imgUrl: profiles.imgUrl,
      lastMessageId: sql<
        string | number | null
      >`(select max(dm.id) from direct_messages dm where dm.conversation_id = ${member.conversationId} and ${visible})`,
      unread: sql<number>`(select count(*)::int from direct_messages dm where dm.conversation_id = ${member.conversationId} and dm.sender_id <> ${viewerId} and not dm.withheld and dm.hidden_at is null and dm.id > ${member.lastReadId})`,
    })
    .from(member)
    .innerJoin(profiles, eq(profiles.userId, member.otherUserId))
    .where(and(eq(member.userId, viewerId), where));
  const lastIds = rows.flatMap((row) =>
    row.lastMessageId === null ? [] : [Number(row.lastMessageId)],
  );
  const messages =
    lastIds.length === 0
      ? []
      : await db
          .select(directMessageColumns)
          .from(directMessages)
          .innerJoin(profiles, eq(profiles.userId, directMessages.senderId))
          .where(inArray(directMessages.id, lastIds));
  const byId = new Map(messages.map((message) => [Number(message.id), message]));
  return rows.map((row) => ({
    conversationId: Number(row.conversationId),
    status: row.status as MemberStatus,
    lastReadId: Number(row.lastReadId),
    other: { username: row.username, imgUrl: row.imgUrl },
    lastMessage: byId.get(Number(row.lastMessageId)) ?? null,
    unread: Number(row.unread),
  }));
}

/**
 * The conversations `viewerId` lists (open and requests, not declined), most recent message first:
 * none with a member they blocked or whose profile moderators hid, none without a message they may
 * read (a request whose every message was withheld from them).
 */
export async function listConversations(db: Db, viewerId: string): Promise<ConversationRow[]> {
  const rows = await conversationRows(
    db,
    viewerId,
    and(
      inArray(conversationMembers.status, ["open", "request"]),
      notInArray(conversationMembers.otherUserId, blockedUserIdsQuery(db, viewerId)),
      isNull(profiles.hiddenAt),
    ) as SQL,
  );
  return rows
    .filter((row) => row.lastMessage !== null)
    .sort((a, b) => Number(b.lastMessage?.id) - Number(a.lastMessage?.id));
}

/** `viewerId`'s side of their conversation with `otherId`, or null before the first message. */
export async function findConversation(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<ConversationRow | null> {
  const [row] = await conversationRows(db, viewerId, eq(conversationMembers.otherUserId, otherId));
  return row ?? null;
}

/**
 * A page of the conversation's messages `viewerId` may read, oldest first: the latest `limit`, or
 * those older than `before`; `more` when older ones remain.
 */
export async function conversationPage(
  db: Db,
  {
    conversationId,
    viewerId,
    before,
    limit,
  }: {
    conversationId: number;
    viewerId: string;
    before: number | undefined;
    limit: number;
  },
): Promise<{ messages: DirectMessageRow[]; more: boolean }> {
  const rows = await db
    .select(directMessageColumns)
    .from(directMessages)
    .innerJoin(profiles, eq(profiles.userId, directMessages.senderId))
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        visibleTo(viewerId),
        before === undefined ? undefined : lt(directMessages.id, before),
      ),
    )
    .orderBy(desc(directMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse(), more: rows.length > limit };
}

/** The sender's own message with `clientId` (a resend), as both readers see it, or null. */
export async function findOwnMessage(
  db: Db,
  senderId: string,
  clientId: string,
): Promise<DirectMessageRow | null> {
  const [row] = await db
    .select(directMessageColumns)
    .from(directMessages)
    .innerJoin(profiles, eq(profiles.userId, directMessages.senderId))
    .where(and(eq(directMessages.senderId, senderId), eq(directMessages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}
