import type { FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import {
  CHAT_RATE_LIMIT,
  CHAT_RESUME_LIMIT,
  type ChatErrorCode,
  type ChatMessage,
  clientFrameSchema,
  type ServerFrame,
} from "../../shared/chat.ts";
import { CHAT_HISTORY_LIMIT } from "../../shared/constants.ts";
import { canPublish } from "../../shared/policies.ts";
import { forgetViewer, getViewer } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { isStorageUnavailable } from "../http/storage-errors.ts";
import { withinWriteLimit } from "../limits/index.ts";
import type { ChatHub, ChatSubscriber } from "./chat-hub.ts";
import { type ChatViewer, loadChatViewer } from "./chat-viewer.ts";
import {
  findMessageByClientId,
  latestMessages,
  messagesAfter,
  storeMessageInTransaction,
} from "./messages-repository.ts";
import { maskProfanity } from "./profanity-filter.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { SESSION_ENDED } from "./session-ended.ts";

/** Close code when the first read fails: the client reconnects with backoff. */
const CLOSE_INTERNAL_ERROR = 1011;
/** Close code for a client that floods frames faster than they can be answered. */
const CLOSE_POLICY_VIOLATION = 1008;
const MAX_QUEUED_FRAMES = 100;

type Sender = { userId: string; userName: string; userPhotoUrl: string | null };
type SenderCheck =
  | { ok: true; sender: Sender }
  | { ok: false; code: ChatErrorCode; message: string };

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

/** The first frame: what a resuming client missed, or the latest messages, as `viewer` may see them. */
async function readBacklog(
  db: Db,
  after: number | undefined,
  viewer: ChatViewer | null,
): Promise<{ frame: ServerFrame; lastId: number }> {
  if (after !== undefined) {
    const missed = await messagesAfter(db, after, CHAT_RESUME_LIMIT + 1, viewer);
    if (missed.length <= CHAT_RESUME_LIMIT) {
      return { frame: { type: "resume", messages: missed }, lastId: missed.at(-1)?.id ?? after };
    }
  }
  const latest = await latestMessages(db, CHAT_HISTORY_LIMIT, viewer);
  return { frame: { type: "snapshot", messages: latest }, lastId: latest.at(-1)?.id ?? 0 };
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "The frame is not valid.";
  const at = issue.path.map(String).join(".");
  return at ? `Invalid ${at}: ${issue.message}` : issue.message;
}

/**
 * Serves one chat socket: first the snapshot (or what a resuming client missed), then live
 * messages through the hub, and the client's frames one at a time, in order. A socket without the
 * room (`room: false`, issue 17) gets neither snapshot nor room messages, only its member's direct
 * message frames, and cannot send to the room.
 */
export function serveChatSocket(
  socket: WebSocket,
  request: FastifyRequest,
  {
    hub,
    limits,
    after,
    room = true,
  }: {
    hub: ChatHub;
    limits: { sends: RateLimiter; lookups: RateLimiter };
    after: number | undefined;
    room?: boolean;
  },
): void {
  const db = request.server.database.db;
  const writeLimits = request.server.config.writeLimits;
  const log = request.log;
  const subscriber: ChatSubscriber = {
    socket,
    // The upgrade's TCP connection, which `ws` took over: room messages are written to it.
    stream: request.raw.socket,
    lastSentId: 0,
    live: false,
    waiting: [],
    alive: true,
    room,
  };
  const send = (frame: ServerFrame) => hub.sendTo(subscriber, JSON.stringify(frame));
  const fail = (
    code: ChatErrorCode,
    message: string,
    extra: { clientId?: string; retryAfterMs?: number } = {},
  ) => send({ type: "error", code, message, ...extra });
  /** The socket has had a live session: losing it now means it ended (signed out, expired). */
  let signedIn = false;
  /** A session that is gone never comes back: later sends are refused without a lookup. */
  let refused: Extract<SenderCheck, { ok: false }> | undefined;
  let lastSender: Sender | undefined;

  socket.on("close", () => hub.leave(subscriber));
  socket.on("pong", () => {
    subscriber.alive = true;
  });

  const start = async () => {
    try {
      // Who reads decides what they are sent (free without a cookie): known before the socket
      // joins the hub, which holds what arrives meanwhile until the backlog is sent.
      const viewer = await loadChatViewer(request);
      if (viewer) signedIn = true;
      subscriber.viewer = viewer;
      if (socket.readyState !== socket.OPEN) return;
      hub.join(subscriber);
      if (!room) return hub.goLive(subscriber, 0);
      const { frame, lastId } = await readBacklog(db, after, viewer);
      send(frame);
      hub.goLive(subscriber, lastId);
    } catch (error) {
      log.warn({ err: error }, "chat snapshot failed");
      fail("storage-unavailable", "The chat is briefly unavailable. Reconnecting…");
      socket.close(CLOSE_INTERNAL_ERROR, "storage unavailable");
    }
  };

  const ack = (clientId: string, message: ChatMessage) => send({ type: "ack", clientId, message });

  const refuseOverLimit = async (userId: string, clientId: string, retryAfterMs: number) => {
    // A resend of a message that was stored is acknowledged, whatever the rate; the lookups
    // have a limit of their own, so a flood of sends costs no queries.
    if (limits.lookups.retryAfterMs(userId) === 0) {
      limits.lookups.hit(userId);
      const stored = await findMessageByClientId(db, userId, clientId);
      if (stored) return ack(clientId, stored);
    }
    const seconds = Math.ceil(retryAfterMs / 1000);
    return fail(
      "too-many-requests",
      `You are sending too fast: at most ${CHAT_RATE_LIMIT.messages} messages in ${CHAT_RATE_LIMIT.windowMs / 1000} seconds. Try again in ${seconds} s.`,
      { clientId, retryAfterMs },
    );
  };

  const store = async (text: string, clientId: string) => {
    if (refused) return fail(refused.code, refused.message, { clientId });
    // Over the send limit, nothing is stored whoever asks: no session lookup for a flood.
    const limited = lastSender ? limits.sends.retryAfterMs(lastSender.userId) : 0;
    if (lastSender && limited > 0) return refuseOverLimit(lastSender.userId, clientId, limited);

    const check = await checkSender(request, signedIn);
    if (!check.ok) {
      // A profile can still be created; a missing or ended session stays so on this socket, which
      // then no longer gets the member's direct messages either.
      if (check.code !== "profile-required") {
        refused = check;
        hub.forgetMember(subscriber);
      }
      return fail(check.code, check.message, { clientId });
    }
    signedIn = true;
    lastSender = check.sender;
    const { userId } = check.sender;
    const retryAfterMs = limits.sends.retryAfterMs(userId);
    if (retryAfterMs > 0) return refuseOverLimit(userId, clientId, retryAfterMs);
    limits.sends.hit(userId);
    // The broadcast of this message must not reach the sender before its ack, or the page would
    // show it twice for a moment (stored, and still pending): hold this socket's broadcasts.
    hub.hold(subscriber);
    try {
      // The per-account limit shared by every instance (issue 13, item 12), counted in the same
      // transaction as the insert; the in-memory limit above keeps floods from reaching the database.
      const result = await withinWriteLimit(db, writeLimits, userId, "chat", (tx) =>
        storeMessageInTransaction(tx, { ...check.sender, text: maskProfanity(text), clientId }),
      );
      if (!result.allowed) {
        limits.sends.unhit(userId);
        const stored = await findMessageByClientId(db, userId, clientId);
        if (stored) return ack(clientId, stored);
        const { message, retryAfterSeconds } = result.refusal;
        return fail("too-many-requests", message, {
          clientId,
          retryAfterMs: retryAfterSeconds * 1000,
        });
      }
      const { message, created } = result.value;
      if (!created) limits.sends.unhit(userId);
      ack(clientId, message);
    } catch (error) {
      limits.sends.unhit(userId);
      throw error;
    } finally {
      hub.release(subscriber);
    }
  };

  const handle = async (data: RawData, isBinary: boolean) => {
    subscriber.alive = true;
    let json: unknown;
    try {
      if (isBinary) throw new Error("binary");
      json = JSON.parse(String(data));
    } catch {
      return fail("invalid-frame", "A frame is one JSON object in a text message.");
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const raw = json as { type?: unknown; clientId?: unknown } | null;
      const clientId = typeof raw?.clientId === "string" ? raw.clientId.slice(0, 64) : undefined;
      const issue = parsed.error.issues[0];
      const textIssue = raw?.type === "send" && issue?.path[0] === "text";
      return fail(
        textIssue ? "invalid-text" : "invalid-frame",
        textIssue ? (issue?.message ?? "Invalid text.") : describeIssue(issue),
        clientId ? { clientId } : {},
      );
    }
    const frame = parsed.data;
    if (frame.type === "ping") return send({ type: "pong" });
    if (!room) {
      return fail("invalid-frame", "This connection has no room: open the chat to send to it.", {
        clientId: frame.clientId,
      });
    }
    if (frame.text.includes("\u0000")) {
      // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the insert.
      return fail("invalid-text", "A message must not contain NUL characters.", {
        clientId: frame.clientId,
      });
    }
    try {
      await store(frame.text, frame.clientId);
    } catch (error) {
      if (isStorageUnavailable(error)) {
        log.warn({ err: error }, "chat message not stored: storage unavailable");
        fail("storage-unavailable", "The message could not be stored. Please try again.", {
          clientId: frame.clientId,
        });
      } else {
        log.error({ err: error }, "chat message not stored");
        fail("internal", "Something went wrong on our side. Please try again.", {
          clientId: frame.clientId,
        });
      }
    }
  };

  // Frames wait for the snapshot and for each other, so acks come after it and in order.
  let queue = start();
  let queued = 0;
  socket.on("message", (data, isBinary) => {
    if (++queued > MAX_QUEUED_FRAMES) {
      socket.close(CLOSE_POLICY_VIOLATION, "too many frames");
      return;
    }
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((error) => log.error({ err: error }, "chat frame failed"))
      .finally(() => {
        queued--;
      });
  });
}
