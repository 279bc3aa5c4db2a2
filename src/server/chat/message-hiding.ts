import { eq } from "drizzle-orm";
import { messages } from "../db/tables/chat.ts";
import { hiderOf } from "../visibility/index.ts";
import { announceMessageHidden, announceMessageRestored } from "./chat-announcements.ts";

/**
 * Moderators hide or restore chat messages (decision 010): each message changed is announced, so
 * every instance's sockets drop a hidden one (a restored one comes back with the next snapshot).
 */
export const setMessagesHidden = hiderOf<number>({
  table: messages,
  key: messages.id,
  authorIs: (userId) => eq(messages.userId, userId),
  announce: (tx, id, hidden) =>
    hidden ? announceMessageHidden(tx, id) : announceMessageRestored(tx, id),
});
