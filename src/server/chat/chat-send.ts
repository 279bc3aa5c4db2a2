import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import {
  CHAT_RATE_LIMIT,
  type ChatErrorCode,
  type ChatMessage,
  type ServerFrame,
} from "../../shared/chat.ts";
import { canPublish } from "../../shared/policies.ts";
import { forgetViewer, getViewer } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { type LiveSocket, type LiveSockets, SESSION_ENDED, writeFrame } from "../live/index.ts";
import { write } from "../write/index.ts";
import type { ChatRoom, RoomMember } from "./chat-room.ts";
import { findMessageByClientId, storeMessageInTransaction } from "./messages-repository.ts";
import { maskProfanity } from "./profanity-filter.ts";
import type { RateLimiter } from "./rate-limiter.ts";

type Sender = { userId: string; userName: string; userPhotoUrl: string | null };
type Refusal = { ok: false; code: ChatErrorCode; message: string };
type SenderCheck = { ok: true; sender: Sender } | Refusal;
type ErrorExtra = { clientId?: string; retryAfterMs?: number };

/** The in-memory send limits every socket of this instance shares (rate-limiter.ts). */
export type ChatLimits = { sends: RateLimiter; lookups: RateLimiter };

/** What one chat socket's connection keeps between its frames. */
export type ChatConnection = {
  request: FastifyRequest;
  db: Db;
  log: FastifyBaseLogger;
  live: LiveSocket;
  sockets: LiveSockets;
  room: ChatRoom;
  /** The socket in the room; absent without the room (`room=0`) or before it joined. */
  member?: RoomMember;
  limits: ChatLimits;
  /** The socket has had a live session: losing it now means it ended (signed out, expired). */
  signedIn: boolean;
  /** A session that is gone never comes back: later sends are refused without a lookup. */
  refused?: Refusal;
  lastSender?: Sender;
};

/** A frame for this socket alone: serialised for it, written through `ws`. */
export const sendFrame = (c: ChatConnection, frame: ServerFrame) =>
  writeFrame(c.live, JSON.stringify(frame));

export const sendError = (
  c: ChatConnection,
  code: ChatErrorCode,
  message: string,
  extra: ErrorExtra = {},
) => sendFrame(c, { type: "error", code, message, ...extra });

const ack = (c: ChatConnection, clientId: string, message: ChatMessage) =>
  sendFrame(c, { type: "ack", clientId, message });

/**
 * Who may send now: the session of the upgrade's cookie, looked up again for every send, so a
 * socket stops sending as soon as its session is signed out or expires. `hadSession`: the socket
 * was signed in before, so a missing session is one that ended.
 */
async function checkSender(request: FastifyRequest, hadSession: boolean): Promise<SenderCheck> {
  forgetViewer(request);
  const viewer = await getViewer(request);
  if (!viewer) {
    return hadSession
      ? { ok: false, ...SESSION_ENDED }
      : { ok: false, code: "not-signed-in", message: "Sign in to send messages." };
  }
  if (!canPublish(viewer.profile)) {
    return {
      ok: false,
      code: "profile-required",
      message: "Create your profile first (choose a username).",
    };
  }
  return {
    ok: true,
    sender: {
      userId: viewer.identity.id,
      userName: viewer.profile.username,
      userPhotoUrl: viewer.profile.imgUrl ?? viewer.identity.photoUrl,
    },
  };
}

async function refuseOverLimit(
  c: ChatConnection,
  userId: string,
  clientId: string,
  retryAfterMs: number,
  arrivedAt: number,
): Promise<void> {
  // A resend of a message that was stored is acknowledged, whatever the rate; the lookups
  // have a limit of their own, so a flood of sends costs no queries.
  if (c.limits.lookups.retryAfterMs(userId, arrivedAt) === 0) {
    c.limits.lookups.hit(userId, arrivedAt);
    const stored = await findMessageByClientId(c.db, userId, clientId);
    if (stored) return ack(c, clientId, stored);
  }
  const seconds = Math.ceil(retryAfterMs / 1000);
  return sendError(
    c,
    "too-many-requests",
    `You are sending too fast: at most ${CHAT_RATE_LIMIT.messages} messages in ${CHAT_RATE_LIMIT.windowMs / 1000} seconds. Try again in ${seconds} s.`,
    { clientId, retryAfterMs },
  );
}

/**
 * The sender of a send that arrived at `arrivedAt`, or undefined when it was refused (and told so):
 * over the send limit nothing is stored whoever asks (no session lookup for a flood), then the
 * session must still be there and have a profile.
 */
async function admitSend(
  c: ChatConnection,
  clientId: string,
  arrivedAt: number,
): Promise<Sender | undefined> {
  if (c.refused) return void sendError(c, c.refused.code, c.refused.message, { clientId });
  const last = c.lastSender;
  const limited = last ? c.limits.sends.retryAfterMs(last.userId, arrivedAt) : 0;
  if (last && limited > 0) {
    await refuseOverLimit(c, last.userId, clientId, limited, arrivedAt);
    return undefined;
  }

  const check = await checkSender(c.request, c.signedIn);
  if (!check.ok) {
    // A profile can still be created; a missing or ended session stays so on this socket, which
    // then no longer gets the member's direct messages either.
    if (check.code !== "profile-required") {
      c.refused = check;
      c.sockets.forgetMember(c.live);
    }
    return void sendError(c, check.code, check.message, { clientId });
  }
  c.signedIn = true;
  c.lastSender = check.sender;
  const retryAfterMs = c.limits.sends.retryAfterMs(check.sender.userId, arrivedAt);
  if (retryAfterMs > 0) {
    await refuseOverLimit(c, check.sender.userId, clientId, retryAfterMs, arrivedAt);
    return undefined;
  }
  return check.sender;
}

/**
 * Stores the message in the per-account write limit's transaction (issue 13, item 12: shared by
 * every instance; the in-memory limit keeps floods from reaching the database) and acknowledges it,
 * or says why not.
 */
async function writeMessage(
  c: ChatConnection,
  sender: Sender,
  { text, clientId, arrivedAt }: { text: string; clientId: string; arrivedAt: number },
): Promise<void> {
  const { userId } = sender;
  const result = await write(
    c.db,
    (tx) => storeMessageInTransaction(tx, { ...sender, text: maskProfanity(text), clientId }),
    { limits: c.request.server.config.writeLimits, userId, action: "chat" },
  );
  if (!result.ok) {
    c.limits.sends.unhit(userId, arrivedAt);
    const stored = await findMessageByClientId(c.db, userId, clientId);
    if (stored) return ack(c, clientId, stored);
    const { message, retryAfterSeconds } = result.refusal;
    return sendError(c, "too-many-requests", message, {
      clientId,
      retryAfterMs: retryAfterSeconds * 1000,
    });
  }
  const { message, created } = result.value;
  if (!created) c.limits.sends.unhit(userId, arrivedAt);
  ack(c, clientId, message);
}

/** Stores a send that arrived at `arrivedAt`: the send limit counts it then, not now. */
export async function storeSend(
  c: ChatConnection,
  send: { text: string; clientId: string; arrivedAt: number },
): Promise<void> {
  const sender = await admitSend(c, send.clientId, send.arrivedAt);
  if (!sender) return;
  c.limits.sends.hit(sender.userId, send.arrivedAt);
  // The broadcast of this message must not reach the sender before its ack, or the page would
  // show it twice for a moment (stored, and still pending): hold this socket's broadcasts.
  const { member } = c;
  if (member) c.room.hold(member);
  try {
    await writeMessage(c, sender, send);
  } catch (error) {
    c.limits.sends.unhit(sender.userId, send.arrivedAt);
    throw error;
  } finally {
    if (member) c.room.release(member);
  }
}
