import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { suspendedUntilText } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { conversationMembers, directMessages, profiles, users } from "../db/schema.ts";
import { type ContextLine, hideableRows, type ItemKind, numericKeyOf } from "./item-kind.ts";

/** How far back into a reported conversation moderators read (issue 17). */
export const CONTEXT_MESSAGES = 5;

const senders = alias(profiles, "senders");
const recipients = alias(profiles, "recipients");
/** The sender's side of the conversation: it names the other participant, the recipient. */
const senderSides = alias(conversationMembers, "sender_sides");

/**
 * A direct message (issue 17): private to its recipient, who alone may report it (a withheld one
 * never reached them); shown to moderators with the messages before it.
 */
const directMessageRows = hideableRows(directMessages, (userId) =>
  eq(directMessages.senderId, userId),
);

export const directMessageKind: ItemKind = {
  keyOf: numericKeyOf,
  async load(db, filter, limit) {
    const rows = await db
      .select({
        id: directMessages.id,
        authorUserId: directMessages.senderId,
        authorUsername: senders.username,
        authorSuspendedUntil: suspendedUntilText,
        recipientUserId: senderSides.otherUserId,
        recipientUsername: recipients.username,
        withheld: directMessages.withheld,
        text: directMessages.text,
        createdAt: directMessages.createdAt,
        hiddenAt: directMessages.hiddenAt,
      })
      .from(directMessages)
      .innerJoin(users, eq(users.id, directMessages.senderId))
      .innerJoin(senders, eq(senders.userId, directMessages.senderId))
      .innerJoin(
        senderSides,
        and(
          eq(senderSides.conversationId, directMessages.conversationId),
          eq(senderSides.userId, directMessages.senderId),
        ),
      )
      .innerJoin(recipients, eq(recipients.userId, senderSides.otherUserId))
      .where(directMessageRows.where(filter))
      .orderBy(sql`${directMessages.hiddenAt} desc nulls last`, desc(directMessages.id))
      .limit(limit);
    const contexts = await earlierMessages(
      db,
      rows.map((row) => row.id),
    );
    return rows.map(({ id, recipientUserId, recipientUsername, withheld, ...row }) => ({
      ...row,
      type: "direct-message",
      key: String(id),
      wireId: String(id),
      title: `Direct message to @${recipientUsername}`,
      path: "/chatapp",
      privateTo: withheld ? [] : [recipientUserId],
      context: contexts.get(id) ?? [],
    }));
  },
  setHidden: directMessageRows.setHidden,
};

const targets = alias(directMessages, "targets");

/**
 * Up to CONTEXT_MESSAGES messages before each of `ids` in its conversation, oldest first, by id:
 * one query. Withheld messages are left out (the recipient never had them); hidden ones stay in,
 * as moderators see hidden items.
 */
async function earlierMessages(db: Db, ids: number[]): Promise<Map<number, ContextLine[]>> {
  const contexts = new Map<number, ContextLine[]>();
  if (ids.length === 0) return contexts;
  const earlier = db
    .select({
      id: directMessages.id,
      senderId: directMessages.senderId,
      text: directMessages.text,
    })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, targets.conversationId),
        lt(directMessages.id, targets.id),
        eq(directMessages.withheld, false),
      ),
    )
    .orderBy(desc(directMessages.id))
    .limit(CONTEXT_MESSAGES)
    .as("earlier");
  const rows = await db
    .select({ targetId: targets.id, id: earlier.id, sender: profiles.username, text: earlier.text })
    .from(targets)
    .innerJoinLateral(earlier, sql`true`)
    .innerJoin(profiles, eq(profiles.userId, earlier.senderId))
    .where(inArray(targets.id, ids))
    .orderBy(targets.id, earlier.id);
  for (const { targetId, sender, text } of rows) {
    const lines = contexts.get(targetId) ?? [];
    lines.push({ sender, text });
    contexts.set(targetId, lines);
  }
  return contexts;
}
