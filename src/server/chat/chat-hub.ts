import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { type EventOf, eventBusOf } from "../events/index.ts";
import type { LiveSockets } from "../live/index.ts";
import { createChatRoom } from "./chat-room.ts";
import { createDirectMessageFrames, DIRECT_EVENTS } from "./direct-message-frames.ts";
import {
  lastMessageId,
  messageSenderId,
  type StoredMessage,
  storedMessagesAfter,
} from "./messages-repository.ts";

export type ChatHub = ReturnType<typeof createChatHub>;

const CATCH_UP_BATCH = 500;
const CATCH_UP_RETRY_MS = 1_000;

/**
 * What changes who may see a room message, or ends its reader's sockets. (A restored message comes
 * back with the next snapshot; nothing is sent live.)
 */
const ROOM_EVENTS = ["chat.message-hidden", "member.signed-out"] as const;

/**
 * What this instance hears of the chat, handed to its peers of the live sockets (src/server/live):
 * the room (chat-room.ts) and direct messages (direct-message-frames.ts). Every instance hears every
 * domain event (events/, one channel, one LISTEN); a stored message is announced by the transaction
 * that stored it (messages-repository), so each instance, this one included, hears of every message
 * once, in id order, and the room publishes it to its own sockets. When the LISTEN connection was
 * lost (a resync), or an event only names an id, the hub reads what it missed from the table, so no
 * socket misses a message.
 *
 * What changes who may see a message comes as events too: a hidden message (room sockets that may
 * not see it are told to drop it) and an account signed out everywhere (its sockets are told and
 * closed); a member's blocks and ended sessions are the live sockets' own.
 *
 * Direct messages' events (issue 17, direct-message-notices.ts) each name the accounts they are
 * for: the live sockets send them to those accounts' sockets only.
 */
export function createChatHub({
  database,
  log,
  live,
}: {
  database: Database;
  log: FastifyBaseLogger;
  live: LiveSockets;
}) {
  const room = createChatRoom();
  const direct = createDirectMessageFrames(live, database.db);
  /** Highest id handed to the room; notifications at or below it are old news. */
  let lastBroadcastId = 0;
  /** Set when a catch-up failed: the next notification reads from the table instead. */
  let behind = false;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let unlistenDirect: (() => Promise<void>) | undefined;
  // Fan-out work runs one task at a time (the live sockets' queue), so messages leave in the order
  // they were stored, and after the blocks and sessions heard before them.
  const enqueue = live.enqueue;

  const deliver = (stored: StoredMessage) => {
    if (stored.message.id <= lastBroadcastId) return;
    lastBroadcastId = stored.message.id;
    room.publishMessage(stored);
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

  const onChatMessage = ({ sent }: EventOf<"chat.message">) =>
    enqueue(async () => {
      if (behind) return catchUp();
      if (sent) {
        const { senderId, ...message } = sent;
        deliver({ message, senderId, hidden: false });
      } else await catchUp(); // too big for a notification: only its id came
    });

  /** Moderators hid message `id`: room sockets that may not see it drop it (their page is told). */
  const hideMessage = async (id: number) => {
    // The hide was heard before the message itself (another LISTEN): read it, hidden, from the
    // table now, so its own notification comes too late to reach anyone who may not see it.
    if (id > lastBroadcastId) await catchUp();
    const senderId = await messageSenderId(database.db, id);
    if (senderId) room.publishHidden(id, senderId);
  };

  /** Must not throw: it runs inside the event bus's delivery. */
  const onRoomEvent = (event: EventOf<(typeof ROOM_EVENTS)[number]>) => {
    if (event.type === "chat.message-hidden") enqueue(() => hideMessage(event.messageId));
    else live.closeAccount(event.userId);
  };

  const onDirectEvent = (event: EventOf<(typeof DIRECT_EVENTS)[number]>) =>
    enqueue(() => direct.publish(event));

  /**
   * The LISTEN connection was lost and is back: what was sent meanwhile is gone, so the room reads
   * what it missed from the table and every member's sockets read their conversations again (the
   * client refetches and merges by id).
   */
  const resync = () => {
    enqueue(catchUp);
    direct.resync();
  };

  return {
    /** The room's sockets (the connection joins them; tests too). */
    room,

    /** Starts listening; ids stored before this are not broadcast (connections read them). */
    async start(): Promise<void> {
      const started = (async () => {
        const bus = eventBusOf(database);
        unlisten = await bus.subscribe({
          types: ["chat.message"],
          on: onChatMessage,
          onResync: resync,
        });
        lastBroadcastId = await lastMessageId(database.db);
        unsubscribe = await bus.subscribe({ types: ROOM_EVENTS, on: onRoomEvent });
        unlistenDirect = await bus.subscribe({ types: DIRECT_EVENTS, on: onDirectEvent });
      })();
      enqueue(() => started.catch(() => {}));
      await started;
    },

    async stop(): Promise<void> {
      stopped = true;
      // The storage may be gone already (closed first, or down): nothing left to unsubscribe from.
      await unlisten?.().catch(() => {});
      await unsubscribe?.().catch(() => {});
      await unlistenDirect?.().catch(() => {});
      await new Promise<void>((resolve) => enqueue(resolve));
    },
  };
}
