import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/database.ts";
import { conversationMembers, directMessages } from "../db/tables/direct-messages.ts";
import { profiles } from "../db/tables/profiles.ts";
import { setDirectMessagesHidden } from "../direct-messages/index.ts";
import { notWithheldSql } from "../visibility/index.ts";
import type { ContextLine, ItemKind } from "./item-kind.ts";
import { itemKind, withTextKeys } from "./item-source.ts";

/** How far back into a reported conversation moderators read (issue 17). */
export const CONTEXT_MESSAGES = 5;

const senders = alias(profiles, "senders");
const recipients = alias(profiles, "recipients");
/** The sender's side of the conversation: it names the other participant, the recipient. */
const senderSides = alias(conversationMembers, "sender_sides");

/**
 * A direct message (issue 17): private to its recipient, who alone may report it (a withheld one
 * never reached them).
 */
const messagesWithoutContext = itemKind({
  type: "direct-message",
  table: directMessages,
  key: directMessages.id,
  author: { userId: directMessages.senderId, username: senders.username },
  columns: {
    text: directMessages.text,
    withheld: directMessages.withheld,
    recipientUserId: senderSides.otherUserId,
    recipientUsername: recipients.username,
  },
  join: (query) =>
    query
      .innerJoin(senders, eq(senders.userId, directMessages.senderId))
      .innerJoin(
        senderSides,
        and(
          eq(senderSides.conversationId, directMessages.conversationId),
          eq(senderSides.userId, directMessages.senderId),
        ),
      )
      .innerJoin(recipients, eq(recipients.userId, senderSides.otherUserId)),
  present: (row) => ({
    title: `Direct message to @${row.recipientUsername}`,
    path: "/chatapp",
    privateTo: row.withheld ? [] : [row.recipientUserId],
  }),
  setHidden: withTextKeys(setDirectMessagesHidden),
});

/** Direct messages as moderators read them: each with the messages before it. */
export const directMessageKind: ItemKind = {
  ...messagesWithoutContext,
  async load(db, filter, limit) {
    const items = await messagesWithoutContext.load(db, filter, limit);
    const contexts = await earlierMessages(
      db,
      items.map((item) => Number(item.key)),
    );
    return items.map((item) => ({ ...item, context: contexts.get(Number(item.key)) ?? [] }));
  },
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
        notWithheldSql(directMessages),
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
