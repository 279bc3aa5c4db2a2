import { eq } from "drizzle-orm";
import { directMessages } from "../db/tables/direct-messages.ts";
import { hiderOf } from "../visibility/index.ts";

/**
 * Moderators hide or restore direct messages (decision 010); a conversation is read again over
 * HTTP, so nothing is announced.
 */
export const setDirectMessagesHidden = hiderOf<number>({
  table: directMessages,
  key: directMessages.id,
  authorIs: (userId) => eq(directMessages.senderId, userId),
});
