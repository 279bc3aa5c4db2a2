import type { FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import { CHAT_RESUME_LIMIT, type ServerFrame } from "../../shared/chat.ts";
import { CHAT_HISTORY_LIMIT } from "../../shared/constants.ts";
import type { Db } from "../db/database.ts";
import { isStorageUnavailable } from "../http/storage-errors.ts";
import { type LiveViewer, loadLiveViewer } from "../live/index.ts";
import { readClientFrame } from "./chat-client-frames.ts";
import type { ChatHub } from "./chat-hub.ts";
import {
  type ChatConnection,
  type ChatLimits,
  sendError,
  sendFrame,
  storeSend,
} from "./chat-send.ts";
import { latestMessages, messagesAfter } from "./messages-repository.ts";

/** Close code when the first read fails: the client reconnects with backoff. */
const CLOSE_INTERNAL_ERROR = 1011;
/** Close code for a client that floods frames faster than they can be answered. */
const CLOSE_POLICY_VIOLATION = 1008;
const MAX_QUEUED_FRAMES = 100;

type ServeOptions = {
  hub: ChatHub;
  limits: ChatLimits;
  after: number | undefined;
  room?: boolean;
};

/** The first frame: what a resuming client missed, or the latest messages, as `viewer` may see them. */
async function readBacklog(
  db: Db,
  after: number | undefined,
  viewer: LiveViewer | null,
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

/**
 * Who reads decides what they are sent (free without a cookie): known before the socket joins the
 * live sockets and the room, which holds what arrives meanwhile until the backlog is sent.
 */
async function start(c: ChatConnection, { after, room }: ServeOptions): Promise<void> {
  const { socket } = c.live;
  try {
    const viewer = await loadLiveViewer(c.request);
    if (viewer) c.signedIn = true;
    c.live.viewer = viewer;
    if (socket.readyState !== socket.OPEN) return;
    c.sockets.add(c.live);
    if (!room) return;
    const member = c.room.join(c.live);
    c.member = member;
    const { frame, lastId } = await readBacklog(c.db, after, viewer);
    sendFrame(c, frame);
    c.room.goLive(member, lastId);
  } catch (error) {
    c.log.warn({ err: error }, "chat snapshot failed");
    sendError(c, "storage-unavailable", "The chat is briefly unavailable. Reconnecting…");
    socket.close(CLOSE_INTERNAL_ERROR, "storage unavailable");
  }
}

/** Stores a send, answering a failure of the storage (or anything else) with an error frame. */
async function serveSend(
  c: ChatConnection,
  send: { text: string; clientId: string; arrivedAt: number },
): Promise<void> {
  const { clientId } = send;
  try {
    await storeSend(c, send);
  } catch (error) {
    if (isStorageUnavailable(error)) {
      c.log.warn({ err: error }, "chat message not stored: storage unavailable");
      sendError(c, "storage-unavailable", "The message could not be stored. Please try again.", {
        clientId,
      });
    } else {
      c.log.error({ err: error }, "chat message not stored");
      sendError(c, "internal", "Something went wrong on our side. Please try again.", {
        clientId,
      });
    }
  }
}

/** One frame from the client, served after the ones before it. */
async function handle(
  c: ChatConnection,
  room: boolean,
  { data, isBinary, arrivedAt }: { data: RawData; isBinary: boolean; arrivedAt: number },
): Promise<void> {
  c.live.alive = true;
  const read = readClientFrame(data, isBinary);
  if (!read.ok) {
    const { code, message, extra } = read.refusal;
    return sendError(c, code, message, extra);
  }
  const { frame } = read;
  if (frame.type === "ping") return sendFrame(c, { type: "pong" });
  const { clientId, text } = frame;
  if (!room) {
    const message = "This connection has no room: open the chat to send to it.";
    return sendError(c, "invalid-frame", message, { clientId });
  }
  if (text.includes("\u0000")) {
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the insert.
    return sendError(c, "invalid-text", "A message must not contain NUL characters.", { clientId });
  }
  await serveSend(c, { text, clientId, arrivedAt });
}

/**
 * Serves one chat socket: first the snapshot (or what a resuming client missed), then live
 * messages through the room, and the client's frames one at a time, in order. A socket without the
 * room (`room: false`, issue 17) gets neither snapshot nor room messages, only its member's direct
 * message frames, and cannot send to the room.
 */
export function serveChatSocket(
  socket: WebSocket,
  request: FastifyRequest,
  options: ServeOptions,
): void {
  const room = options.room ?? true;
  const sockets = request.server.live.sockets;
  const c: ChatConnection = {
    request,
    db: request.server.database.db,
    log: request.log,
    live: sockets.accept(socket, request),
    sockets,
    room: options.hub.room,
    limits: options.limits,
    signedIn: false,
  };
  socket.on("close", () => {
    if (c.member) c.room.leave(c.member);
  });

  // Frames wait for the snapshot and for each other, so acks come after it and in order.
  let queue = start(c, { ...options, room });
  let queued = 0;
  socket.on("message", (data, isBinary) => {
    if (++queued > MAX_QUEUED_FRAMES) {
      socket.close(CLOSE_POLICY_VIOLATION, "too many frames");
      return;
    }
    const arrivedAt = Date.now();
    queue = queue
      .then(() => handle(c, room, { data, isBinary, arrivedAt }))
      .catch((error) => c.log.error({ err: error }, "chat frame failed"))
      .finally(() => {
        queued--;
      });
  });
}
