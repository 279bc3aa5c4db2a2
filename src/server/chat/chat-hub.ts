import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { CLOSE_SESSION_ENDED, chatMessageSchema, type ServerFrame } from "../../shared/chat.ts";
import { endedSessionOf } from "../auth/index.ts";
import { blockedUserIds, blocksChangedUserId } from "../blocks/index.ts";
import { ALL_CACHES, subscribeToInvalidations } from "../db/cache-invalidation.ts";
import type { Database } from "../db/database.ts";
import { readChatKey } from "./chat-announcements.ts";
import { type ChatViewer, maySeeMessage } from "./chat-viewer.ts";
import {
  DIRECT_MESSAGES_CHANNEL,
  type DirectMessageNotice,
  directMessageNoticeSchema,
  readDirectMessage,
} from "./direct-message-notices.ts";
import {
  CHAT_CHANNEL,
  lastMessageId,
  messageSenderId,
  type StoredMessage,
  storedMessagesAfter,
} from "./messages-repository.ts";
import { SESSION_ENDED } from "./session-ended.ts";
import { textFrame } from "./text-frame.ts";

/**
 * What waits for a socket that reads its snapshot (or holds for an ack): a message, or the notice
 * that moderators hid one. Who may have either is decided when it is sent (maySeeMessage).
 */
type Waiting =
  | { kind: "message"; id: number; senderId: string; hidden: boolean; frame: Buffer; wire: Buffer }
  | { kind: "hidden"; id: number; senderId: string; frame: Buffer };

/** One socket of this instance and what it has been sent. */
export type ChatSubscriber = {
  socket: WebSocket;
  /**
   * The TCP stream under `socket` (the upgrade request's), when known: room messages are written to
   * it as frames built once per message (text-frame.ts). Absent: `socket.send`.
   */
  stream?: Duplex;
  /** Highest message id sent to this socket: nothing at or below it is sent again. */
  lastSentId: number;
  /** False while the connection reads its snapshot (or holds for an ack); messages wait meanwhile. */
  live: boolean;
  waiting: Waiting[];
  /** Cleared at each heartbeat, set by a pong or any frame; still clear at the next: dead. */
  alive: boolean;
  /** Who reads on it (chat-viewer.ts), known before it joins; absent or null: signed out. */
  viewer?: ChatViewer | null;
  /**
   * False for a socket opened with `room=0` (issue 17): it gets no room messages, only its member's
   * direct message frames. Absent: the room.
   */
  room?: boolean;
};

export type ChatHub = ReturnType<typeof createChatHub>;

const HEARTBEAT_MS = 30_000;
/** A socket that lets this much pile up unread is cut; it reconnects and resumes. */
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;
const CATCH_UP_BATCH = 500;
const CATCH_UP_RETRY_MS = 1_000;

/** A notification's message: the wire message plus its sender's account (messages-repository). */
const notifiedMessageSchema = chatMessageSchema.extend({ senderId: z.string() });

const frameOf = (frame: ServerFrame) => Buffer.from(JSON.stringify(frame));
const SESSION_ENDED_FRAME = frameOf({ type: "error", ...SESSION_ENDED });
const CONVERSATIONS_CHANGED_FRAME = frameOf({ type: "conversations-changed" });

/**
 * This instance's chat sockets and the fan-out to them. Every instance LISTENs on one channel;
 * a stored message is NOTIFYed by the transaction that stored it (messages-repository), so each
 * instance, this one included, hears of every message once, in id order, and sends it to its own
 * sockets. When the LISTEN connection was lost, or a notification only names an id, the hub reads
 * what it missed from the table, so no subscriber misses a message.
 *
 * Each socket gets only what its reader may see (chat-viewer.ts): nothing from members they
 * blocked, hidden messages only as their author or a moderator. What changes that is heard on the
 * cache-invalidation channel: a hidden message (sockets that may not see it are told to drop it), a
 * member's blocks (their sockets' blocks are read again) and an account signed out everywhere (its
 * sockets are told and closed).
 *
 * Direct messages (issue 17) come on a channel of their own (direct-message-notices.ts), each
 * naming the accounts it is for: the hub keeps its sockets by account and sends it to those only.
 */
export function createChatHub({ database, log }: { database: Database; log: FastifyBaseLogger }) {
  const subscribers = new Set<ChatSubscriber>();
  /** The signed-in sockets by account (users.id): where direct message frames go. */
  const members = new Map<string, Set<ChatSubscriber>>();
  /** Highest id handed to subscribers; notifications at or below it are old news. */
  let lastBroadcastId = 0;
  /** Set when a catch-up failed: the next notification reads from the table instead. */
  let behind = false;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let unlistenDirect: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  // Fan-out work runs one task at a time, so messages leave in the order they were stored.
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((error) => log.error({ err: error }, "chat fan-out failed"));
  };

  /**
   * Sends `frame` (a JSON text) to one socket; `wire`, the same as a whole WebSocket frame, goes
   * straight to its TCP stream: `ws` writes to that stream synchronously (no compression is
   * negotiated), so frames keep their order, and its `bufferedAmount` counts them.
   */
  const sendTo = (subscriber: ChatSubscriber, frame: string | Buffer, wire?: Buffer) => {
    const { socket, stream } = subscriber;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      socket.terminate();
      return;
    }
    if (wire && stream && socket.extensions === "") stream.write(wire);
    else socket.send(frame, { binary: false });
  };

  const deliver = ({ message, senderId, hidden }: StoredMessage) => {
    if (message.id <= lastBroadcastId) return;
    lastBroadcastId = message.id;
    // Serialised, encoded and framed once per message, whatever the number of sockets.
    const frame = frameOf({ type: "message", message });
    const wire = textFrame(frame);
    for (const subscriber of subscribers) {
      if (subscriber.room === false) continue;
      if (!subscriber.live) {
        subscriber.waiting.push({ kind: "message", id: message.id, senderId, hidden, frame, wire });
      } else if (message.id > subscriber.lastSentId) {
        subscriber.lastSentId = message.id;
        if (maySeeMessage(subscriber.viewer, senderId, hidden)) sendTo(subscriber, frame, wire);
      }
    }
  };

  const catchUp = async () => {
    try {
      for (;;) {
        const batch = await storedMessagesAfter(database.db, lastBroadcastId, CATCH_UP_BATCH);
        for (const stored of batch) deliver(stored);
        if (batch.length < CATCH_UP_BATCH) break;
      }
      behind = false;
    } catch (error) {
      behind = true;
      log.warn({ err: error }, "chat catch-up failed; retrying");
      if (!stopped) setTimeout(() => enqueue(catchUp), CATCH_UP_RETRY_MS).unref();
    }
  };

  const onNotify = (payload: string) =>
    enqueue(async () => {
      if (behind) return catchUp();
      let data: unknown;
      try {
        data = JSON.parse(payload);
      } catch {
        log.warn({ payload }, "unreadable chat notification");
        return;
      }
      const full = notifiedMessageSchema.safeParse(data);
      if (full.success) {
        const { senderId, ...message } = full.data;
        deliver({ message, senderId, hidden: false });
      } else await catchUp(); // too big for a notification: only its id came
    });

  /** Moderators hid message `id`: sockets that may not see it drop it (their page is told). */
  const hideMessage = async (id: number) => {
    // The hide was heard before the message itself (another LISTEN): read it, hidden, from the
    // table now, so its own notification comes too late to reach anyone who may not see it.
    if (id > lastBroadcastId) await catchUp();
    const senderId = await messageSenderId(database.db, id);
    if (!senderId) return;
    const frame = frameOf({ type: "hidden", id });
    for (const subscriber of subscribers) {
      if (subscriber.room === false) continue;
      if (!subscriber.live) subscriber.waiting.push({ kind: "hidden", id, senderId, frame });
      else if (!maySeeMessage(subscriber.viewer, senderId, true)) sendTo(subscriber, frame);
    }
  };

  /** Reads again the blocks of `userIds`' sockets (all signed-in sockets when not given). */
  const reloadBlocks = async (userIds?: string[]) => {
    const readers = new Map<string, ChatSubscriber[]>();
    for (const subscriber of subscribers) {
      const userId = subscriber.viewer?.userId;
      if (!userId || (userIds && !userIds.includes(userId))) continue;
      readers.set(userId, [...(readers.get(userId) ?? []), subscriber]);
    }
    for (const [userId, sockets] of readers) {
      const blocked = new Set(await blockedUserIds(database.db, userId));
      for (const subscriber of sockets) {
        if (subscriber.viewer) subscriber.viewer = { ...subscriber.viewer, blocked };
      }
    }
  };

  /** The account was signed out everywhere (or suspended): its sockets close. */
  const endSessions = (userId: string) => {
    for (const subscriber of subscribers) {
      if (subscriber.viewer?.userId !== userId) continue;
      sendTo(subscriber, SESSION_ENDED_FRAME);
      subscriber.socket.close(CLOSE_SESSION_ENDED, "session ended");
    }
  };

  /**
   * One session ended (signed out in a tab, or from another device): its sockets stay open as a
   * signed-out reader's — the room goes on, nothing private reaches them any more.
   */
  const endSession = (sessionId: string) => {
    for (const subscriber of subscribers) {
      if (subscriber.viewer?.sessionId !== sessionId) continue;
      forgetMember(subscriber);
      subscriber.viewer = null;
      sendTo(subscriber, SESSION_ENDED_FRAME);
    }
  };

  /** Must not throw: it runs inside the database client's notification handling. */
  const onInvalidation = (key: string) => {
    if (key === ALL_CACHES) return enqueue(() => reloadBlocks());
    const blocker = blocksChangedUserId(key);
    if (blocker) return enqueue(() => reloadBlocks([blocker]));
    const sessionId = endedSessionOf(key);
    if (sessionId) return endSession(sessionId);
    const announced = readChatKey(key);
    if (announced?.kind === "message-hidden") enqueue(() => hideMessage(announced.id));
    // A restored message comes back with the next snapshot; nothing is sent live.
    else if (announced?.kind === "signed-out") endSessions(announced.userId);
  };

  const toMembers = (userIds: Iterable<string>, frame: Buffer) => {
    for (const userId of new Set(userIds)) {
      for (const subscriber of members.get(userId) ?? []) sendTo(subscriber, frame);
    }
  };

  const forgetMember = (subscriber: ChatSubscriber) => {
    const userId = subscriber.viewer?.userId;
    const sockets = userId ? members.get(userId) : undefined;
    if (!userId || !sockets?.delete(subscriber)) return;
    if (sockets.size === 0) members.delete(userId);
  };

  const sendNotice = async (notice: DirectMessageNotice) => {
    switch (notice.kind) {
      case "dm":
      case "dm-id": {
        const message =
          notice.kind === "dm" ? notice.message : await readDirectMessage(database.db, notice.id);
        if (!message) return;
        const senderOnly = notice.senderOnly || message.hidden === true;
        const to = senderOnly ? [notice.senderId] : [notice.senderId, notice.recipientId];
        return toMembers(to, frameOf({ type: "dm", message }));
      }
      case "read":
        return toMembers(
          [notice.userId],
          frameOf({
            type: "dm-read",
            conversation_id: notice.conversationId,
            last_read_id: notice.lastReadId,
          }),
        );
      case "changed":
        return toMembers(notice.userIds, CONVERSATIONS_CHANGED_FRAME);
    }
  };

  const onDirectNotice = (payload: string) =>
    enqueue(async () => {
      let data: unknown;
      try {
        data = JSON.parse(payload);
      } catch {
        data = undefined;
      }
      const notice = directMessageNoticeSchema.safeParse(data);
      if (notice.success) await sendNotice(notice.data);
      else log.warn({ payload }, "unreadable direct message notification");
    });

  /**
   * The LISTEN connection was lost and is back: what was sent meanwhile is gone, so every member's
   * sockets read their conversations again (the client refetches and merges by id).
   */
  const onDirectReconnect = () => toMembers(members.keys(), CONVERSATIONS_CHANGED_FRAME);

  const sweep = () => {
    for (const subscriber of subscribers) {
      if (!subscriber.alive) {
        subscribers.delete(subscriber);
        forgetMember(subscriber);
        subscriber.socket.terminate();
        continue;
      }
      subscriber.alive = false;
      const { socket } = subscriber;
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  };

  const goLive = (subscriber: ChatSubscriber, lastSentId: number) => {
    subscriber.lastSentId = Math.max(subscriber.lastSentId, lastSentId);
    for (const waiting of subscriber.waiting) {
      const { viewer } = subscriber;
      if (waiting.kind === "hidden") {
        if (!maySeeMessage(viewer, waiting.senderId, true)) sendTo(subscriber, waiting.frame);
        continue;
      }
      if (waiting.id <= subscriber.lastSentId) continue;
      subscriber.lastSentId = waiting.id;
      if (maySeeMessage(viewer, waiting.senderId, waiting.hidden))
        sendTo(subscriber, waiting.frame, waiting.wire);
    }
    subscriber.waiting = [];
    subscriber.live = true;
  };

  return {
    /** Starts listening; ids stored before this are not broadcast (connections read them). */
    async start(heartbeatMs = HEARTBEAT_MS): Promise<void> {
      const started = (async () => {
        unlisten = await database.listen(CHAT_CHANNEL, onNotify, () => enqueue(catchUp));
        lastBroadcastId = await lastMessageId(database.db);
        unsubscribe = await subscribeToInvalidations(database, onInvalidation);
        unlistenDirect = await database.listen(
          DIRECT_MESSAGES_CHANNEL,
          onDirectNotice,
          onDirectReconnect,
        );
      })();
      queue = started.catch(() => {});
      await started;
      heartbeat = setInterval(sweep, heartbeatMs);
      heartbeat.unref();
    },

    /** Adds a socket that is about to read its snapshot; live messages wait until `goLive`. */
    join(subscriber: ChatSubscriber): void {
      subscribers.add(subscriber);
      const userId = subscriber.viewer?.userId;
      if (!userId) return;
      const sockets = members.get(userId) ?? new Set<ChatSubscriber>();
      sockets.add(subscriber);
      members.set(userId, sockets);
    },

    /** The socket's session ended: it no longer gets its member's direct messages. */
    forgetMember,

    /** The snapshot up to `lastSentId` was sent: send what arrived meanwhile, then live. */
    goLive,

    /** Holds broadcasts to a live socket back (they wait) until `release`. */
    hold(subscriber: ChatSubscriber): void {
      subscriber.live = false;
    },

    release(subscriber: ChatSubscriber): void {
      goLive(subscriber, subscriber.lastSentId);
    },

    leave(subscriber: ChatSubscriber): void {
      subscribers.delete(subscriber);
      forgetMember(subscriber);
    },

    sendTo,

    /** One heartbeat round: sockets that did not answer the previous ping are cut. */
    sweep,

    get size(): number {
      return subscribers.size;
    },

    async stop(): Promise<void> {
      stopped = true;
      clearInterval(heartbeat);
      // The storage may be gone already (closed first, or down): nothing left to unsubscribe from.
      await unlisten?.().catch(() => {});
      await unsubscribe?.().catch(() => {});
      await unlistenDirect?.().catch(() => {});
      await queue;
    },
  };
}
