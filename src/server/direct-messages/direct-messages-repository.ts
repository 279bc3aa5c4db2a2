import { and, desc, eq, gt, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { storedUsername } from "../../shared/profiles.ts";
import { type DirectMessageRow, directMessageColumns } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import {
  conversationMembers,
  conversations,
  directMessages,
} from "../db/tables/direct-messages.ts";
import { profiles } from "../db/tables/profiles.ts";
import { notBlockedSql, publicSql, type SqlReader, visibleToSql } from "../visibility/index.ts";

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
function visibleTo(db: Db, viewerId: string, messages: Messages = directMessages): SQL | undefined {
  return visibleToSql(db, memberReader(viewerId), directMessageItem(messages));
}

/** The direct_messages table, or an alias of it. */
type Messages = { hiddenAt: AnyPgColumn; senderId: AnyPgColumn; withheld: AnyPgColumn };

/** A member reader whatever their role: moderators read direct messages only when reported. */
const memberReader = (viewerId: string): SqlReader => ({
  kind: "member",
  userId: sql`${viewerId}`,
});

/** Blocks act when a direct message is written (it is stored withheld), not when it is read. */
const directMessageItem = (messages: Messages) => ({
  hiddenAt: messages.hiddenAt,
  author: { userId: messages.senderId },
  withheld: messages.withheld,
  blockable: false,
});

/** The messages of the conversation in a member's row, in the list's subqueries. */
const dm = alias(directMessages, "dm");

export type MemberStatus = "request" | "open" | "declined";

/** One conversation as one of its members sees it. */
export type ConversationRow = {
  conversationId: number;
  status: MemberStatus;
  lastReadId: number;
  other: { username: string; imgUrl: string | null };
  lastMessage: DirectMessageRow | null;
  unread: number;
  /** When the conversation started, and from which of the recipient's posts (issue 34). */
  startedAt: Date;
  origin: { postId: number; title: string } | null;
};

/** A page of a conversation list: at most `limit` rows, those whose latest message is older than `before`. */
export type ListPage = { before: number | undefined; limit: number };

/** The messages of the conversation in `member`'s row that the viewer may read (SQL, alias dm). */
const visibleIn = (db: Db, viewerId: string) =>
  and(eq(dm.conversationId, conversationMembers.conversationId), visibleTo(db, viewerId, dm));

/**
 * The other's messages after the viewer's read marker in `member`'s row (SQL, a count): of the
 * other's messages the viewer reads those neither withheld nor hidden, what everyone would.
 */
const unreadIn = (viewerId: string) =>
  sql<number>`(select count(*)::int from ${directMessages} ${dm} where ${and(
    eq(dm.conversationId, conversationMembers.conversationId),
    ne(dm.senderId, viewerId),
    publicSql(dm),
    gt(dm.id, conversationMembers.lastReadId),
  )})`;

/**
 * `viewerId`'s conversations matching `where`, each with its last message the viewer may read and
 * the other's messages after the read marker: two queries whatever their number. With `page`, only
 * those with a message the viewer may read, most recent first, a page of them (keyset on the
 * latest message's id).
 */
async function conversationRows(
  db: Db,
  viewerId: string,
  where: SQL,
  page?: ListPage,
): Promise<ConversationRow[]> {
  const member = conversationMembers;
  const lastMessageId = sql<
    string | number | null
  >`(select max(${dm.id}) from ${directMessages} ${dm} where ${visibleIn(db, viewerId)})`;
  const query = db
    .select({
      conversationId: member.conversationId,
      status: member.status,
      lastReadId: member.lastReadId,
      username: profiles.username,
      imgUrl: profiles.imgUrl,
      lastMessageId,
      unread: unreadIn(viewerId),
      startedAt: conversations.createdAt,
      originPostId: conversations.originPostId,
      originPostTitle: conversations.originPostTitle,
    })
    .from(member)
    .innerJoin(profiles, eq(profiles.userId, member.otherUserId))
    .innerJoin(conversations, eq(conversations.id, member.conversationId));
  const rows = page
    ? await query
        .where(
          and(
            eq(member.userId, viewerId),
            where,
            sql`${lastMessageId} is not null`,
            page.before === undefined ? undefined : sql`${lastMessageId} < ${page.before}`,
          ),
        )
        .orderBy(sql`${lastMessageId} desc`)
        .limit(page.limit)
    : await query.where(and(eq(member.userId, viewerId), where));
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
    startedAt: row.startedAt,
    origin:
      row.originPostId === null || row.originPostTitle === null
        ? null
        : { postId: Number(row.originPostId), title: row.originPostTitle },
  }));
}

/**
 * The conversations `viewerId` lists (open and requests, not declined): none with a member they
 * blocked or whose profile moderators hid.
 */
function listed(db: Db, viewerId: string): SQL {
  return and(
    inArray(conversationMembers.status, ["open", "request"]),
    notBlockedSql(db, memberReader(viewerId), { userId: conversationMembers.otherUserId }),
    publicSql({ hiddenAt: profiles.hiddenAt }),
  ) as SQL;
}

/**
 * A page of the conversations `viewerId` lists, most recent message first: at most `limit`, those
 * whose latest message is older than `before`; none without a message they may read (a request
 * whose every message was withheld from them).
 */
export function listConversations(
  db: Db,
  viewerId: string,
  page: ListPage,
): Promise<ConversationRow[]> {
  return conversationRows(db, viewerId, listed(db, viewerId), page);
}

/** The unread messages of every conversation `viewerId` lists, in one query. */
export async function unreadTotal(db: Db, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${unreadIn(viewerId)}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(profiles, eq(profiles.userId, conversationMembers.otherUserId))
    .where(and(eq(conversationMembers.userId, viewerId), listed(db, viewerId)));
  return Number(row?.total ?? 0);
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
        visibleTo(db, viewerId),
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
