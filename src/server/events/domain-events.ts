import { z } from "zod";
import { chatMessageSchema } from "../../shared/chat.ts";
import { directMessageSchema } from "../../shared/direct-message.ts";
import { REPORT_TARGET_TYPES, SKILL_LOG_ACTIONS } from "../../shared/moderation.ts";
import { NOTIFICATION_KINDS } from "../../shared/notifications.ts";

const id = z.number().int().positive();
const accountId = z.string().min(1);

/** Who of a direct message's two members gets it live (withheld: the sender's sockets only). */
const directAudience = { senderId: accountId, recipientId: accountId, senderOnly: z.boolean() };

/**
 * Every state change another part of the app (on any instance) may act on, as one zod union: the
 * payload of the one NOTIFY channel, checked again on receipt. Names are `<thing>.<what happened>`.
 * A message too big for a notification (8,000 bytes) travels as its id; the hub reads the rest.
 */
export const domainEventSchema = z.discriminatedUnion("type", [
  /** A post was created, edited, filled, hidden, restored or deleted: its page and the feed. */
  z.object({ type: z.literal("post.changed"), postId: id }),
  /** A new post by the account `authorUserId`: saved searches are matched against it. */
  z.object({ type: z.literal("post.created"), postId: id, authorUserId: accountId }),
  /** A new post: the feed's pages. */
  z.object({ type: z.literal("feed.changed") }),
  /** Changed some other way (a script, an erased account): every cache forgets everything. */
  z.object({ type: z.literal("everything.changed") }),
  /** The member blocked or unblocked someone: their sockets' blocks, the blocks cache. */
  z.object({ type: z.literal("member.blocked"), userId: accountId }),
  /** A session was deleted: sockets opened with it become signed-out readers. */
  z.object({ type: z.literal("session.ended"), sessionId: z.string().min(1) }),
  /** The account was suspended or deleted: every socket it opened closes. */
  z.object({ type: z.literal("member.signed-out"), userId: accountId }),
  /** Moderators hid or restored a room message. */
  z.object({ type: z.literal("chat.message-hidden"), messageId: id }),
  z.object({ type: z.literal("chat.message-restored"), messageId: id }),
  /** A room message was stored; `senderId` and the message unless too big (then only `id`). */
  z.object({
    type: z.literal("chat.message"),
    id,
    sent: chatMessageSchema.extend({ senderId: accountId }).optional(),
  }),
  /**
   * A direct message was stored; the message unless too big (then only `id`). `request`: the
   * conversation is still a request for its recipient (they have not replied or accepted).
   */
  z.object({
    type: z.literal("dm.sent"),
    id,
    conversationId: id,
    request: z.boolean(),
    message: directMessageSchema.optional(),
    ...directAudience,
  }),
  /** A member read a conversation up to `lastReadId` (their other tabs hear it). */
  z.object({
    type: z.literal("dm.read"),
    userId: accountId,
    conversationId: id,
    lastReadId: z.number().int().nonnegative(),
  }),
  /** A conversation of these members was started, accepted or declined. */
  z.object({ type: z.literal("conversations.changed"), userIds: z.array(accountId) }),
  /** A mail was queued in the outbox: senders wake up. */
  z.object({ type: z.literal("mail.queued") }),
  /**
   * A review was written; `withheld`: the subject had blocked its author (only the author sees it);
   * `held`: a new account's, shown to its author only until the account is no longer new.
   */
  z.object({
    type: z.literal("review.created"),
    reviewId: id,
    authorUserId: accountId,
    subjectUserId: accountId,
    withheld: z.boolean(),
    held: z.boolean(),
  }),
  /** The subject of a review answered it (a first reply, not an edit). */
  z.object({
    type: z.literal("review.replied"),
    reviewId: id,
    replierUserId: accountId,
    reviewAuthorUserId: accountId,
  }),
  /**
   * A moderator acted on a reported item: hid it, restored it or dismissed its reports.
   * `hiddenChanged`: the item's hidden state changed; `reporterIds`: whose open reports closed.
   */
  z.object({
    type: z.literal("moderation.decided"),
    action: z.enum(["dismiss", "hide", "restore"]),
    itemType: z.enum(REPORT_TARGET_TYPES),
    itemKey: z.string().min(1),
    authorUserId: accountId,
    hiddenChanged: z.boolean(),
    reporterIds: z.array(accountId),
    path: z.string(),
    title: z.string().nullable(),
  }),
  /**
   * The member's notifications changed (a new one, some read): their bells count again. `entries`:
   * the entries this change added or made grow (push sends them to the member's devices).
   */
  z.object({
    type: z.literal("notifications.changed"),
    userId: accountId,
    entries: z.array(z.object({ id, kind: z.enum(NOTIFICATION_KINDS) })).optional(),
  }),
  /**
   * The member changed whether search engines may list their profile and posts (issue 33): the
   * sitemap forgets its pages.
   */
  z.object({ type: z.literal("profile.indexing-changed"), userId: accountId }),
  /**
   * A moderator changed the skill vocabulary (issue 33): `action` says how, `detail` what (the old
   * name, the synonyms). Moderation's log writes its line in the same transaction.
   */
  z.object({
    type: z.literal("skill.changed"),
    skillId: id,
    moderatorUserId: accountId,
    action: z.enum(SKILL_LOG_ACTIONS),
    name: z.string().min(1),
    detail: z.string(),
  }),
  /** Pushes were queued in the push outbox: senders wake up. */
  z.object({ type: z.literal("push.queued") }),
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent["type"];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/**
 * Events whose subscribers need them in commit order (the room's and direct messages' live
 * fan-out): every instance, the writer's too, takes them from the channel, which PostgreSQL delivers
 * in commit order. The others reach the writer's own subscribers right after its commit.
 */
export const COMMIT_ORDERED: ReadonlySet<DomainEventType> = new Set([
  "chat.message",
  "dm.sent",
  "dm.read",
  "conversations.changed",
]);
