import { and, eq, sql } from "drizzle-orm";
import type { DirectMessage } from "../../shared/direct-message.ts";
import { isBlocked } from "../blocks/index.ts";
import {
  announceConversationsChanged,
  announceDirectMessage,
  presentDirectMessage,
} from "../chat/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import {
  conversationMembers,
  conversations,
  directMessages,
} from "../db/tables/direct-messages.ts";
import type { WriteRefusal } from "../limits/index.ts";
import { postStartingConversation } from "../posts/index.ts";
import { write } from "../write/index.ts";
import { findOwnMessage } from "./direct-messages-repository.ts";

export type SendOutcome =
  | { kind: "sent"; message: DirectMessage }
  /** A resend of a stored clientId: the stored message, nothing written or counted. */
  | { kind: "resent"; message: DirectMessage }
  /** The sender blocked the recipient. */
  | { kind: "blocked" }
  /** Over a write limit (`direct-message`, or `conversation` for a new one): nothing stored. */
  | { kind: "rate-limited"; refusal: WriteRefusal };

type WriteLimits = Config["writeLimits"];

/** Ends the write's transaction (nothing of it kept) with what the sender is answered. */
class Abandoned extends Error {
  readonly outcome: SendOutcome | "resend";
  constructor(outcome: SendOutcome | "resend") {
    super("direct message not stored");
    this.outcome = outcome;
  }
}

type Parties = { senderId: string; recipientId: string };
/** `originPostId`: the recipient's post the message answers, kept if it starts the conversation. */
type Outgoing = Parties & { text: string; clientId: string; originPostId?: number | undefined };

/** The pair's conversation, created with both members' rows when there is none. */
async function conversationOf(
  tx: Db,
  { senderId, recipientId }: Parties,
): Promise<{ id: number; created: boolean }> {
  const [userLo, userHi] =
    senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const [created] = await tx
    .insert(conversations)
    .values({ userLo, userHi, startedBy: senderId })
    .onConflictDoNothing({ target: [conversations.userLo, conversations.userHi] })
    .returning({ id: conversations.id });
  if (created) {
    await tx.insert(conversationMembers).values([
      { conversationId: created.id, userId: senderId, otherUserId: recipientId, status: "open" },
      { conversationId: created.id, userId: recipientId, otherUserId: senderId, status: "request" },
    ]);
    return { id: Number(created.id), created: true };
  }
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLo, userLo), eq(conversations.userHi, userHi)));
  if (!existing) throw new Error("conversation conflicted but is not there");
  return { id: Number(existing.id), created: false };
}

async function statusOf(tx: Db, conversationId: number, userId: string): Promise<string> {
  const [row] = await tx
    .select({ status: conversationMembers.status })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
      ),
    );
  return row?.status ?? "open";
}

/**
 * Stores a message from `senderId` to `recipientId` and announces it to both members' sockets, in
 * one transaction with its write limits (`direct-message`, and `conversation` when it starts one).
 *
 * The first message creates the conversation: open for the sender, a request for the recipient.
 * Writing opens the sender's side (a reply accepts a request; writing again reopens a declined
 * one). A message the recipient must not get — they blocked the sender, or declined the
 * conversation — is stored `withheld`: the sender sees it as sent, nobody else ever sees it.
 * A resend of a stored clientId writes and counts nothing: the stored message comes back.
 * Over a write limit: `rate-limited`, with when to try again.
 */
export async function sendDirectMessage(
  db: Db,
  limits: WriteLimits,
  message: Outgoing,
): Promise<SendOutcome> {
  const { senderId, clientId } = message;
  const resent = async (): Promise<SendOutcome | null> => {
    const stored = await findOwnMessage(db, senderId, clientId);
    return stored && { kind: "resent", message: presentDirectMessage(stored) };
  };
  const earlier = await resent();
  if (earlier) return earlier;
  try {
    const sent = await write(db, (tx) => store(tx, limits, message), {
      limits,
      userId: senderId,
      action: "direct-message",
    });
    if (sent.ok) return { kind: "sent", message: sent.value };
    // Over the limit: unless a parallel send of the same clientId stored it meanwhile.
    return (await resent()) ?? { kind: "rate-limited", refusal: sent.refusal };
  } catch (error) {
    if (!(error instanceof Abandoned)) throw error;
    // Over the conversations' limit: unless a parallel send of the same clientId stored it.
    if (error.outcome !== "resend" && error.outcome.kind === "rate-limited")
      return (await resent()) ?? error.outcome;
    if (error.outcome !== "resend") return error.outcome;
    // A parallel send of the same clientId stored it first.
    const stored = await resent();
    if (!stored) throw new Error("direct message conflicted but is not there");
    return stored;
  }
}

/**
 * A new conversation remembers the post it started from: one of the recipient's, there and not
 * hidden; any other id is left out (the message matters more than where it came from).
 */
async function rememberOrigin(
  tx: Db,
  conversationId: number,
  recipientId: string,
  originPostId: number,
): Promise<void> {
  const post = await postStartingConversation(tx, originPostId);
  if (!post || post.authorUserId !== recipientId) return;
  await tx
    .update(conversations)
    .set({ originPostId, originPostTitle: post.title })
    .where(eq(conversations.id, conversationId));
}

async function store(
  tx: Db,
  limits: WriteLimits,
  { senderId, recipientId, text, clientId, originPostId }: Outgoing,
): Promise<DirectMessage> {
  if (await isBlocked(tx, senderId, recipientId)) throw new Abandoned({ kind: "blocked" });
  const conversation = await conversationOf(tx, { senderId, recipientId });
  // A new conversation counts against its own limit too; a refusal ends the whole write.
  if (conversation.created) {
    const counted = await write(tx, async () => {}, {
      limits,
      userId: senderId,
      action: "conversation",
    });
    if (!counted.ok) throw new Abandoned({ kind: "rate-limited", refusal: counted.refusal });
    if (originPostId !== undefined) {
      await rememberOrigin(tx, conversation.id, recipientId, originPostId);
    }
  }
  const recipientStatus = await statusOf(tx, conversation.id, recipientId);
  const withheld = recipientStatus === "declined" || (await isBlocked(tx, recipientId, senderId));
  const senderStatus = await statusOf(tx, conversation.id, senderId);

  await takeLock(tx, "directMessageInsert");
  const [row] = await tx
    .insert(directMessages)
    .values({
      conversationId: conversation.id,
      senderId,
      text,
      clientId,
      withheld,
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing({ target: [directMessages.senderId, directMessages.clientId] })
    .returning({ id: directMessages.id });
  if (!row) throw new Abandoned("resend");
  await tx
    .update(conversations)
    .set({ lastMessageId: row.id })
    .where(eq(conversations.id, conversation.id));
  if (senderStatus !== "open") {
    await tx
      .update(conversationMembers)
      .set({ status: "open" })
      .where(
        and(
          eq(conversationMembers.conversationId, conversation.id),
          eq(conversationMembers.userId, senderId),
        ),
      );
  }
  const stored = await findOwnMessage(tx, senderId, clientId);
  if (!stored) throw new Error("direct message stored but not there");
  const sent = presentDirectMessage(stored);
  // The list changes before the message arrives: a page that reads the list on its frame finds
  // the conversation there.
  const changed = [
    ...(conversation.created || senderStatus !== "open" ? [senderId] : []),
    ...(conversation.created && !withheld ? [recipientId] : []),
  ];
  if (changed.length > 0) await announceConversationsChanged(tx, changed);
  await announceDirectMessage(tx, {
    message: sent,
    senderId,
    recipientId,
    senderOnly: withheld,
    request: recipientStatus === "request",
  });
  return sent;
}
