import type { ClientFrame, ServerFrame } from "../../shared/chat.ts";
import {
  type LineOptions,
  openReconnectingSocket,
  type ReconnectingSocket,
  type SocketStatus,
} from "./reconnecting-socket.ts";
import { chatSocketUrl } from "./socket-basics.ts";

export type FrameType = ServerFrame["type"];
export type FrameOf<T extends FrameType> = Extract<ServerFrame, { type: T }>;

/**
 * Who needs the socket, as whom (the server reads the session when it connects, so another
 * identity needs a new socket). The room (/chatapp) needs its frames and resumes after its last
 * message; a member's pages need only their direct message frames (`room=0`).
 */
export type SocketClaim =
  | { identity: string; room: false }
  | { identity: string; room: true; after: () => number | undefined };

export type LiveSocket = {
  /** The socket is needed from now; call the returned function when it is not. */
  claim(claim: SocketClaim): () => void;
  /** Calls `listener` with every frame of these types from now on; returns the unsubscribe. */
  subscribe<T extends FrameType>(
    types: readonly T[],
    listener: (frame: FrameOf<T>) => void,
  ): () => void;
  /** Calls `listener` with every change of status; `open` means whatever came meanwhile is missed. */
  onStatus(listener: (status: SocketStatus) => void): () => void;
  send(frame: ClientFrame): void;
};

/**
 * The tab's one socket (issue 29): open while anything claims it, with the room while the room
 * claims it, `room=0` otherwise; features subscribe to the frames they handle. Changing between
 * the two, or to another identity, reconnects, because the server decides both at connect.
 */
export function createLiveSocket(
  line: Pick<LineOptions, "createSocket" | "events"> = {},
): LiveSocket {
  const claims: SocketClaim[] = [];
  const frameListeners = new Map<FrameType, Set<(frame: ServerFrame) => void>>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  let socket: ReconnectingSocket | null = null;
  let connectedAs: { identity: string; room: boolean } | null = null;

  const roomClaim = () => claims.find((claim) => claim.room);

  const url = () => {
    const room = roomClaim();
    if (!room) return chatSocketUrl({ room: "0" });
    const after = room.after();
    return chatSocketUrl(after === undefined ? {} : { after: String(after) });
  };

  const setStatus = (status: SocketStatus) => {
    for (const listener of [...statusListeners]) listener(status);
  };

  const onFrame = (frame: ServerFrame) => {
    for (const listener of [...(frameListeners.get(frame.type) ?? [])]) listener(frame);
  };

  /** Opens, reconnects or closes the socket for the claims there are now. */
  const settle = (force: boolean) => {
    const latest = claims.at(-1);
    if (!latest) {
      socket?.close();
      socket = null;
      connectedAs = null;
      setStatus("idle");
      return;
    }
    const wanted = { identity: latest.identity, room: roomClaim() !== undefined };
    const same = wanted.identity === connectedAs?.identity && wanted.room === connectedAs.room;
    if (socket && same && !force) return;
    connectedAs = wanted;
    if (socket) socket.reconnect();
    else socket = openReconnectingSocket({ ...line, url, onFrame, onStatus: setStatus });
  };

  return {
    claim(claim) {
      claims.push(claim);
      // The room always starts on a socket of its own: its first frame is its snapshot or resume.
      settle(claim.room);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        claims.splice(claims.indexOf(claim), 1);
        // Settled a moment later: a page that leaves and claims again at once (a new identity)
        // then costs one new socket, not two.
        queueMicrotask(() => settle(false));
      };
    },
    subscribe(types, listener) {
      const wrapped = listener as (frame: ServerFrame) => void;
      for (const type of types) {
        const set = frameListeners.get(type) ?? new Set();
        set.add(wrapped);
        frameListeners.set(type, set);
      }
      return () => {
        for (const type of types) frameListeners.get(type)?.delete(wrapped);
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    send(frame) {
      socket?.send(frame);
    },
  };
}

/** The tab's socket: every page and the room use this one. */
export const liveSocket: LiveSocket = createLiveSocket();
