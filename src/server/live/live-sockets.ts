import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { CLOSE_SESSION_ENDED } from "../../shared/chat.ts";
import type { Blocks } from "../blocks/index.ts";
import type { Database } from "../db/database.ts";
import { type EventOf, eventBusOf } from "../events/index.ts";
import { type BuiltFrame, buildFrame, type FrameTarget, writeFrame } from "./frame-writer.ts";
import type { LiveViewer } from "./live-viewer.ts";
import { SESSION_ENDED } from "./session-ended.ts";

/** What changes a reader's blocks or ends their session. */
const READER_EVENTS = ["everything.changed", "member.blocked", "session.ended"] as const;
/** One socket of this instance: who reads on it, and whether it still answers. */
export type LiveSocket = FrameTarget & {
  /** Cleared at each heartbeat, set by a pong or any frame; still clear at the next: dead. */
  alive: boolean;
  /** Who reads on it (live-viewer.ts), known before it is added; absent or null: signed out. */
  viewer?: LiveViewer | null;
  /**
   * The account whose session opened it, kept when that session ends (`viewer` becomes null): a
   * suspension or deletion ends the sessions first, then closes every socket the account opened.
   */
  accountId?: string;
};

export type LiveSockets = ReturnType<typeof createLiveSockets>;

const HEARTBEAT_MS = 30_000;
const SESSION_ENDED_FRAME = buildFrame({ type: "error", ...SESSION_ENDED });

/** The signed-in sockets by account (users.id): where a peer's frames for a member go. */
function createMemberIndex() {
  const byAccount = new Map<string, Set<LiveSocket>>();
  return {
    add(userId: string, live: LiveSocket): void {
      const own = byAccount.get(userId) ?? new Set<LiveSocket>();
      own.add(live);
      byAccount.set(userId, own);
    },
    /** Takes the socket out of its reader's account, if it is in it. */
    forget(live: LiveSocket): void {
      const userId = live.viewer?.userId;
      const own = userId ? byAccount.get(userId) : undefined;
      if (!userId || !own?.delete(live)) return;
      if (own.size === 0) byAccount.delete(userId);
    },
    socketsOf(userId: string): Iterable<LiveSocket> {
      return byAccount.get(userId) ?? [];
    },
    ids(): Iterable<string> {
      return byAccount.keys();
    },
  };
}

/** One heartbeat round: sockets that did not answer the previous ping are cut, the others pinged. */
function sweepSockets(sockets: Set<LiveSocket>, forget: (live: LiveSocket) => void): void {
  for (const live of sockets) {
    if (!live.alive) {
      sockets.delete(live);
      forget(live);
      live.socket.terminate();
      continue;
    }
    live.alive = false;
    const { socket } = live;
    if (socket.readyState === socket.OPEN) socket.ping();
  }
}

/**
 * The socket registry of this instance: every live socket, and the signed-in ones by account, where
 * a peer's frames for a member go (direct messages, and next notifications). It keeps the readers
 * up to date from the domain events (events/: a member's blocks read again, an ended session's
 * sockets made signed-out readers), cuts sockets that stop answering pings, and runs the peers'
 * fan-out work one task at a time (`enqueue`), so frames leave in the order their causes were heard.
 */
export function createLiveSockets({
  database,
  blocks,
  log,
}: {
  database: Database;
  blocks: Blocks;
  log: FastifyBaseLogger;
}) {
  const sockets = new Set<LiveSocket>();
  const members = createMemberIndex();
  let unsubscribe: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (task: () => Promise<void> | void) => {
    queue = queue.then(task).catch((error) => log.error({ err: error }, "chat fan-out failed"));
  };

  /** The signed-in sockets of `userIds` (all of them when not given), by account. */
  const readersOf = (userIds?: string[]) => {
    const readers = new Map<string, LiveSocket[]>();
    for (const live of sockets) {
      const userId = live.viewer?.userId;
      if (!userId || (userIds && !userIds.includes(userId))) continue;
      readers.set(userId, [...(readers.get(userId) ?? []), live]);
    }
    return readers;
  };

  /** Reads again the blocks of `userIds`' sockets (all signed-in sockets when not given). */
  const reloadBlocks = async (userIds?: string[]) => {
    for (const [userId, own] of readersOf(userIds)) {
      const blocked = new Set(await blocks.of(userId));
      for (const live of own) {
        if (live.viewer) live.viewer = { ...live.viewer, blocked };
      }
    }
  };

  /**
   * One session ended (signed out in a tab, or from another device): its sockets stay open as a
   * signed-out reader's — the room goes on, nothing private reaches them any more.
   */
  const endSession = (sessionId: string) => {
    for (const live of sockets) {
      if (live.viewer?.sessionId !== sessionId) continue;
      members.forget(live);
      live.viewer = null;
      writeFrame(live, SESSION_ENDED_FRAME);
    }
  };

  /** Must not throw: it runs inside the event bus's delivery. */
  const onReaderEvent = (event: EventOf<(typeof READER_EVENTS)[number]>) => {
    switch (event.type) {
      case "everything.changed":
        return enqueue(() => reloadBlocks());
      case "member.blocked":
        return enqueue(() => reloadBlocks([event.userId]));
      case "session.ended":
        return endSession(event.sessionId);
    }
  };

  const sweep = () => sweepSockets(sockets, members.forget);

  return {
    async start(heartbeatMs = HEARTBEAT_MS): Promise<void> {
      unsubscribe = await eventBusOf(database).subscribe({
        types: READER_EVENTS,
        on: onReaderEvent,
        // Blocks changed while the LISTEN connection was away are not heard: read them all again.
        onResync: () => enqueue(() => reloadBlocks()),
      });
      heartbeat = setInterval(sweep, heartbeatMs);
      heartbeat.unref();
    },

    /** Runs fan-out work after all that was enqueued before it, one task at a time. */
    enqueue,

    /**
     * Takes a socket its route accepted: built frames go to the TCP stream under it (the upgrade's,
     * which `ws` took over), its pongs keep it alive, its close takes it out. It is sent frames once
     * it is added (`add`), its reader known.
     */
    accept(socket: WebSocket, request: FastifyRequest): LiveSocket {
      const live: LiveSocket = { socket, stream: request.raw.socket, alive: true };
      socket.on("close", () => {
        sockets.delete(live);
        members.forget(live);
      });
      socket.on("pong", () => {
        live.alive = true;
      });
      return live;
    },

    /** Adds a socket whose reader is known; a signed-in one is found by its account from now on. */
    add(live: LiveSocket): void {
      sockets.add(live);
      const userId = live.viewer?.userId;
      if (!userId) return;
      live.accountId = userId;
      members.add(userId, live);
    },

    /** The socket's session ended: it no longer gets its member's frames. */
    forgetMember: members.forget,

    /** Sends `frame` to every socket of these accounts (each account once). */
    toMembers(userIds: Iterable<string>, frame: BuiltFrame): void {
      for (const userId of new Set(userIds)) {
        for (const live of members.socketsOf(userId)) writeFrame(live, frame);
      }
    },

    /** The accounts with a signed-in socket here. */
    memberIds: members.ids,

    /** The account was suspended or deleted: every socket it opened is told and closes. */
    closeAccount(userId: string): void {
      for (const live of sockets) {
        if (live.accountId !== userId) continue;
        writeFrame(live, SESSION_ENDED_FRAME);
        live.socket.close(CLOSE_SESSION_ENDED, "session ended");
      }
    },

    /** One heartbeat round: sockets that did not answer the previous ping are cut. */
    sweep,

    get size(): number {
      return sockets.size;
    },

    async stop(): Promise<void> {
      clearInterval(heartbeat);
      // The storage may be gone already (closed first, or down): nothing left to unsubscribe from.
      await unsubscribe?.().catch(() => {});
      await queue;
    },
  };
}
