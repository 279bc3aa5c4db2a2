import type { Db } from "../db/database.ts";
import type { EventOf } from "../events/index.ts";
import { buildFrame, type LiveSockets } from "../live/index.ts";
import { readDirectMessage } from "./direct-message-notices.ts";

/** Direct messages' events: each names the accounts whose sockets get it. */
export const DIRECT_EVENTS = ["dm.sent", "dm.read", "conversations.changed"] as const;
type DirectEvent = EventOf<(typeof DIRECT_EVENTS)[number]>;

const CONVERSATIONS_CHANGED_FRAME = buildFrame({ type: "conversations-changed" });

/**
 * Direct messages as a peer of the live sockets (issue 17): each notice becomes a frame for the
 * sockets of the accounts it names, whatever page they serve. (It sits in chat/ beside the notices
 * the hub hears, so that chat needs no direct-messages.)
 */
export function createDirectMessageFrames(live: LiveSockets, db: Db) {
  const sendMessage = async (notice: EventOf<"dm.sent">) => {
    const message = notice.message ?? (await readDirectMessage(db, notice.id));
    if (!message) return;
    const senderOnly = notice.senderOnly || message.hidden === true;
    const to = senderOnly ? [notice.senderId] : [notice.senderId, notice.recipientId];
    live.toMembers(to, buildFrame({ type: "dm", message }));
  };

  return {
    /** Sends one event's frame to the sockets of the accounts it is for. */
    async publish(notice: DirectEvent): Promise<void> {
      switch (notice.type) {
        case "dm.sent":
          return sendMessage(notice);
        case "dm.read": {
          const { conversationId, lastReadId } = notice;
          const frame = { conversation_id: conversationId, last_read_id: lastReadId };
          return live.toMembers([notice.userId], buildFrame({ type: "dm-read", ...frame }));
        }
        case "conversations.changed":
          return live.toMembers(notice.userIds, CONVERSATIONS_CHANGED_FRAME);
      }
    },

    /** What was announced while nobody listened is gone: every member reads their conversations again. */
    resync(): void {
      live.toMembers(live.memberIds(), CONVERSATIONS_CHANGED_FRAME);
    },
  };
}
