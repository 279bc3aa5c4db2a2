import {
  type BuiltFrame,
  buildFrame,
  type LiveSocket,
  mayReceive,
  writeFrame,
} from "../live/index.ts";
import type { StoredMessage } from "./messages-repository.ts";

/**
 * What waits for a socket that reads its snapshot (or holds for an ack): a message, or the notice
 * that moderators hid one. Who may have either is decided when it is sent (live's `mayReceive`).
 */
type Waiting =
  | { kind: "message"; id: number; senderId: string; hidden: boolean; frame: BuiltFrame }
  | { kind: "hidden"; id: number; senderId: string; frame: BuiltFrame };

/** A live socket in the room, and what the room has sent it. */
export type RoomMember = {
  live: LiveSocket;
  /** Highest message id sent to this socket: nothing at or below it is sent again. */
  lastSentId: number;
  /** False while the connection reads its snapshot (or holds for an ack); messages wait meanwhile. */
  ready: boolean;
  waiting: Waiting[];
};

export type ChatRoom = ReturnType<typeof createChatRoom>;

/** Sends one message to a member that is ready, unless it had it already or may not see it. */
function sendMessage(member: RoomMember, waiting: Extract<Waiting, { kind: "message" }>): void {
  if (waiting.id <= member.lastSentId) return;
  member.lastSentId = waiting.id;
  if (mayReceive(member.live.viewer, waiting.senderId, waiting.hidden)) {
    writeFrame(member.live, waiting.frame);
  }
}

/** Tells a member that is ready that a message was hidden, unless they may still see it. */
function sendHidden(member: RoomMember, waiting: Extract<Waiting, { kind: "hidden" }>): void {
  if (!mayReceive(member.live.viewer, waiting.senderId, true))
    writeFrame(member.live, waiting.frame);
}

const sendWaiting = (member: RoomMember, waiting: Waiting) =>
  waiting.kind === "hidden" ? sendHidden(member, waiting) : sendMessage(member, waiting);

/**
 * The chat room as a peer of the live sockets: the sockets that opened the room (not `room=0`), the
 * room's frames published to them in the order the hub hands them over, each filtered for its
 * reader, and held while a socket reads its snapshot or waits for an ack.
 */
export function createChatRoom() {
  const members = new Set<RoomMember>();

  const publish = (waiting: Waiting) => {
    for (const member of members) {
      if (member.ready) sendWaiting(member, waiting);
      else member.waiting.push(waiting);
    }
  };

  const goLive = (member: RoomMember, lastSentId: number) => {
    member.lastSentId = Math.max(member.lastSentId, lastSentId);
    for (const waiting of member.waiting) sendWaiting(member, waiting);
    member.waiting = [];
    member.ready = true;
  };

  return {
    /** A stored message, to every room socket whose reader may see it (built once). */
    publishMessage({ message, senderId, hidden }: StoredMessage): void {
      const frame = buildFrame({ type: "message", message });
      publish({ kind: "message", id: message.id, senderId, hidden, frame });
    },

    /** Moderators hid message `id`: sockets that may not see it drop it (their page is told). */
    publishHidden(id: number, senderId: string): void {
      publish({ kind: "hidden", id, senderId, frame: buildFrame({ type: "hidden", id }) });
    },

    /** Adds a socket that is about to read its snapshot; messages wait until `goLive`. */
    join(live: LiveSocket): RoomMember {
      const member: RoomMember = { live, lastSentId: 0, ready: false, waiting: [] };
      members.add(member);
      return member;
    },

    /** The snapshot up to `lastSentId` was sent: send what arrived meanwhile, then live. */
    goLive,

    /** Holds messages to a live socket back (they wait) until `release`. */
    hold(member: RoomMember): void {
      member.ready = false;
    },

    release(member: RoomMember): void {
      goLive(member, member.lastSentId);
    },

    leave(member: RoomMember): void {
      members.delete(member);
    },
  };
}
