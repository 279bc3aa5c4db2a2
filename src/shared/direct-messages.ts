import { z } from "zod";
import { chatTextSchema, clientIdSchema } from "./chat.ts";
import { directMessageSchema } from "./direct-message.ts";
import { wholeNumberQuery } from "./whole-number-query.ts";

// Direct messages (issue 17): a private conversation per pair of members, reached by the other
// member's username (`/chatapp?with=<username>`). Sent over HTTP (status codes, limits, CSRF);
// delivered live over the one chat socket (frames in chat.ts).

/**
 * `request`: the other member wrote first and the viewer has not replied or accepted (listed under
 * "Requests"); `open` otherwise. A declined conversation is not listed.
 */
export const CONVERSATION_STATUSES = ["open", "request"] as const;

export const conversationSummarySchema = z.object({
  id: z.number().int(),
  /** The other participant. */
  with: z.object({ username: z.string(), img_url: z.string().nullable() }),
  status: z.enum(CONVERSATION_STATUSES),
  last_message: directMessageSchema.nullable(),
  /** Messages from the other member after the viewer's read marker. */
  unread: z.number().int(),
  last_read_id: z.number().int(),
  /** When the first message was written (issue 34). */
  started_at: z.string(),
  /** The post the conversation started from ("Chat to" on it), with its title then; or none. */
  origin_post: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const CONVERSATIONS_PAGE_DEFAULT = 20;
export const CONVERSATIONS_PAGE_MAX = 50;

/**
 * GET /api/conversations?limit=&cursor=: keyset pages, most recent message first; `cursor` is the
 * previous answer's opaque `nextCursor` (the last listed conversation's latest message), so a
 * conversation that gets a new message meanwhile moves to the top and is never listed twice.
 */
export const conversationsQuerySchema = z.object({
  limit: wholeNumberQuery(CONVERSATIONS_PAGE_MAX, CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().max(200, "is not a valid cursor").optional(),
});
export type ConversationsQuery = z.input<typeof conversationsQuerySchema>;

/** GET /api/conversations: a page of the viewer's conversations, most recent message first. */
export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationsPage = z.infer<typeof conversationsResponseSchema>;

/**
 * GET /api/conversations/unread: the top bar's count, the unread of every conversation the list
 * shows (all its pages), counted by the database without listing them.
 */
export const unreadResponseSchema = z.object({ total: z.number().int() });

export const DIRECT_MESSAGES_PAGE = 50;

/**
 * GET /api/conversations/with/:username?before=<id>: the conversation (null before the first
 * message) and a page of its messages, oldest first, older than `before` when given;
 * `next_before` pages further back (null: the start).
 */
export const conversationPageQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
});
export const conversationPageResponseSchema = z.object({
  conversation: conversationSummarySchema.nullable(),
  messages: z.array(directMessageSchema),
  next_before: z.number().int().nullable(),
});

/** POST /api/conversations/with/:username/messages. A resend with the same clientId is stored once. */
export const sendDirectMessageBodySchema = z.object({
  text: chatTextSchema,
  clientId: clientIdSchema,
  /**
   * The recipient's post this message answers ("Chat to" on a post): kept as the conversation's
   * origin when the message starts it; ignored otherwise, or when it is not one of theirs.
   */
  origin_post_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const sendDirectMessageResponseSchema = z.object({ message: directMessageSchema });

/** POST /api/conversations/with/:username/read: everything up to `last_read_id` is read. */
export const markReadBodySchema = z.object({ last_read_id: z.number().int().nonnegative() });
