/** The tables direct-messages owns (issue 29): only direct-messages reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, hiddenAt, hiddenIndex, identityId } from "./columns.ts";
import { userRef } from "./references.ts";

/**
 * A private conversation between two members: one per pair, `user_lo` < `user_hi` (users.id).
 * `started_by` wrote first; until the other replies or accepts, it is a request for them.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: identityId(),
    userLo: userRef("user_lo"),
    userHi: userRef("user_hi"),
    startedBy: userRef("started_by"),
    createdAt: createdAt(),
    /** The newest message's id (0 before the first): lists sort by it. */
    lastMessageId: bigint("last_message_id", { mode: "number" }).notNull().default(0),
    /**
     * The post the first message answered ("Chat to" on a post, issue 34), by the recipient, and
     * its title then: the post may change or go (its id is never reused), the origin stays.
     */
    originPostId: bigint("origin_post_id", { mode: "number" }),
    originPostTitle: text("origin_post_title"),
  },
  (t) => [
    unique("conversations_pair_unique").on(t.userLo, t.userHi),
    check("conversations_pair_order", sql`${t.userLo} < ${t.userHi}`),
    index("conversations_user_hi_idx").on(t.userHi),
  ],
);

/**
 * Each participant's side of a conversation: where they have read up to, and its state for them —
 * `request` (the other wrote first and they have not replied or accepted), `open`, or `declined`
 * (hidden from their list; the other is not told).
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    otherUserId: userRef("other_user_id"),
    status: text("status").notNull(),
    /** The highest message id this member has read (0: none). */
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    unique("conversation_members_user_other_unique").on(t.userId, t.otherUserId),
    check("conversation_members_status", sql`${t.status} in ('request', 'open', 'declined')`),
  ],
);

/**
 * A message of a conversation. `withheld`: sent by a member the recipient blocked — the sender sees
 * it as sent (blocking is silent), the recipient never does. Ids are the resume cursor, made visible
 * in order like the room's (one insert lock).
 */
export const directMessages = pgTable(
  "direct_messages",
  {
    id: identityId(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: userRef("sender_id"),
    text: text("text").notNull(),
    clientId: text("client_id").notNull(),
    withheld: boolean("withheld").notNull().default(false),
    createdAt: createdAt(),
    hiddenAt: hiddenAt(),
  },
  (t) => [
    unique("direct_messages_sender_client_unique").on(t.senderId, t.clientId),
    index("direct_messages_conversation_idx").on(t.conversationId, t.id),
    hiddenIndex("direct_messages_hidden_idx", t.hiddenAt),
  ],
);
