import { z } from "zod";
import { hasVisibleText, removeBidiControls } from "./chat-text.ts";
import { directMessageSchema } from "./direct-message.ts";
import type { ErrorCode } from "./error-codes.ts";

/** Path of the chat WebSocket (DESIGN §5). */
export const CHAT_PATH = "/api/chat";
/** Longest message text, counted after trimming. */
export const CHAT_TEXT_MAX = 2000;
/** Largest frame the server reads; bigger frames close the socket with 1009 (message too big). */
export const CHAT_MAX_FRAME_BYTES = 16 * 1024;
/** A reconnecting client receives at most this many missed messages; beyond, a fresh snapshot. */
export const CHAT_RESUME_LIMIT = 500;
/** Per-user sending limit: this many messages per window. */
export const CHAT_RATE_LIMIT = { messages: 10, windowMs: 10_000 } as const;
/** Close code of a graceful shutdown: the client should reconnect (to another instance). */
export const CLOSE_GOING_AWAY = 1001;
/**
 * Close code of an upgrade over the per-address limits (open sockets, or upgrades per minute):
 * the client waits CHAT_TOO_MANY_RETRY_MS before it tries again, instead of its quick backoff.
 */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
export const CHAT_TOO_MANY_RETRY_MS = 60_000;
/**
 * Close code after a `session-ended` error frame sent because the account was signed out everywhere
 * (or suspended): the client reconnects as it would after any drop, now as a signed-out reader.
 */
export const CLOSE_SESSION_ENDED = 4401;

/** Bidi controls are removed (they reorder what others read); invisible-only text is empty. */
export const chatTextSchema = z
  .string()
  .transform(removeBidiControls)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "Write a message first.")
      .max(CHAT_TEXT_MAX, `A message has at most ${CHAT_TEXT_MAX} characters.`)
      .refine(hasVisibleText, "Write a message first."),
  );

/** The sender's own id for a message, so a resend after a lost ack is stored once. */
export const clientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * A stored chat message as clients see it (SPEC §3); createdAt is the server's clock. The sender's
 * internal user id stays on the server: clients tell their own messages by username.
 */
export const chatMessageSchema = z.object({
  id: z.number().int().positive(),
  userName: z.string(),
  userPhotoURL: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  /** Hidden by moderators: sent only to its author's and moderators' sockets; absent unless true. */
  hidden: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ── client → server ─────────────────────────────────────────────────────────

export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("send"), text: chatTextSchema, clientId: clientIdSchema }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Query of the upgrade request: `after` is the last message id the client has (resume). */
export const chatQuerySchema = z.object({
  after: z.coerce.number().int().nonnegative().optional(),
  /**
   * "0": a socket without the public room (no snapshot, no room messages), only a member's direct
   * message frames: what pages other than /chatapp keep open (issue 17). Absent or "1": the room.
   */
  room: z.enum(["0", "1"]).optional(),
});

// ── server → client ─────────────────────────────────────────────────────────

/** The codes an error frame may carry: those of ERROR_CODES that the chat uses. */
export const CHAT_ERROR_CODES = [
  "invalid-frame",
  "invalid-text",
  "not-signed-in",
  /** The socket's session was signed out or expired: it stays open, read-only. */
  "session-ended",
  "profile-required",
  "too-many-requests",
  "storage-unavailable",
  "internal",
] as const satisfies readonly ErrorCode[];
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

export const serverFrameSchema = z.discriminatedUnion("type", [
  /** The latest messages, oldest first: replaces whatever the client had. */
  z.object({ type: z.literal("snapshot"), messages: z.array(chatMessageSchema) }),
  /** What a resuming client missed since its `after` id, oldest first: appended. */
  z.object({ type: z.literal("resume"), messages: z.array(chatMessageSchema) }),
  /** A newly stored message. */
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  /** The sender's message is stored (also for a resend of an already stored clientId). */
  z.object({ type: z.literal("ack"), clientId: z.string(), message: chatMessageSchema }),
  z.object({
    type: z.literal("error"),
    code: z.enum(CHAT_ERROR_CODES),
    message: z.string(),
    clientId: z.string().optional(),
    retryAfterMs: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal("pong") }),
  /** Moderators hid this message: drop it (it comes back, if restored, with the next snapshot). */
  z.object({ type: z.literal("hidden"), id: z.number().int().positive() }),
  // Direct messages (issue 17): only to the sockets of the conversation's members.
  /** A new message of one of the member's conversations (theirs or the other's). */
  z.object({ type: z.literal("dm"), message: directMessageSchema }),
  /** The member read a conversation up to `last_read_id` (in another tab, say). */
  z.object({
    type: z.literal("dm-read"),
    conversation_id: z.number().int().positive(),
    last_read_id: z.number().int().nonnegative(),
  }),
  /** A conversation of the member's was started, accepted or declined: read the list again. */
  z.object({ type: z.literal("conversations-changed") }),
  /** The member's notifications changed (issue 30): the bell reads its count again. */
  z.object({ type: z.literal("notifications-changed") }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
