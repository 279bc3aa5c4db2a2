import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { type ChatMessage, chatMessageSchema } from "../../shared/chat.ts";
import type { Database } from "../db/database.ts";
import { CHAT_CHANNEL, lastMessageId, messagesAfter } from "./messages-repository.ts";

/** One socket of this instance and what it has been sent. */
export type ChatSubscriber = {
  socket: WebSocket;
  /** Highest message id sent to this socket: nothing at or below it is sent again. */
  lastSentId: number;
  /** False while the connection reads its snapshot (or holds for an ack); messages wait meanwhile. */
  live: boolean;
  waiting: { id: number; frame: Buffer }[];
  /** Cleared at each heartbeat, set by a pong or any frame; still clear at the next: dead. */
  alive: boolean;
};

export type ChatHub = ReturnType<typeof createChatHub>;

const HEARTBEAT_MS = 30_000;
/** A socket that lets this much pile up unread is cut; it reconnects and resumes. */
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;
const CATCH_UP_BATCH = 500;
const CATCH_UP_RETRY_MS = 1_000;

/**
 * This instance's chat sockets and the fan-out to them. Every instance LISTENs on one channel;
 * a stored message is NOTIFYed by the transaction that stored it (messages-repository), so each
 * instance, this one included, hears of every message once, in id order, and sends it to its own
 * sockets. When the LISTEN connection was lost, or a notification only names an id, the hub reads
 * what it missed from the table, so no subscriber misses a message.
 */
export function createChatHub({ database, log }: { database: Database; log: FastifyBaseLogger }) {
  const subscribers = new Set<ChatSubscriber>();
  /** Highest id handed to subscribers; notifications at or below it are old news. */
  let lastBroadcastId = 0;
  /** Set when a catch-up failed: the next notification reads from the table instead. */
  let behind = false;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  // Fan-out work runs one task at a time, so messages leave in the order they were stored.
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((error) => log.error({ err: error }, "chat fan-out failed"));
  };

  const sendTo = (subscriber: ChatSubscriber, frame: string | Buffer) => {
    const { socket } = subscriber;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(frame, { binary: false });
  };

  const deliver = (message: ChatMessage) => {
    if (message.id <= lastBroadcastId) return;
    lastBroadcastId = message.id;
    // Serialised and encoded once per message, whatever the number of sockets.
    const frame = Buffer.from(JSON.stringify({ type: "message", message }));
    for (const subscriber of subscribers) {
      if (!subscriber.live) subscriber.waiting.push({ id: message.id, frame });
      else if (message.id > subscriber.lastSentId) {
        subscriber.lastSentId = message.id;
        sendTo(subscriber, frame);
      }
    }
  };

  const catchUp = async () => {
    try {
      for (;;) {
        const batch = await messagesAfter(database.db, lastBroadcastId, CATCH_UP_BATCH);
        for (const message of batch) deliver(message);
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
      const full = chatMessageSchema.safeParse(data);
      if (full.success) deliver(full.data);
      else await catchUp(); // too big for a notification: only its id came
    });

  const sweep = () => {
    for (const subscriber of subscribers) {
      if (!subscriber.alive) {
        subscribers.delete(subscriber);
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
    for (const { id, frame } of subscriber.waiting) {
      if (id <= subscriber.lastSentId) continue;
      subscriber.lastSentId = id;
      sendTo(subscriber, frame);
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
      })();
      queue = started.catch(() => {});
      await started;
      heartbeat = setInterval(sweep, heartbeatMs);
      heartbeat.unref();
    },

    /** Adds a socket that is about to read its snapshot; live messages wait until `goLive`. */
    join(subscriber: ChatSubscriber): void {
      subscribers.add(subscriber);
    },

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
      await queue;
    },
  };
}
