/**
 * What other features use of the chat: hiding and restoring messages and telling every instance's
 * sockets about it and about suspensions (moderation), about direct messages (issue 17), and the
 * room's profanity filter, which direct messages share.
 */
export { announceSignedOutEverywhere } from "./chat-announcements.ts";
export { chatRoutes } from "./chat-routes.ts";
export {
  announceConversationsChanged,
  announceDirectMessage,
  announceDirectMessagesRead,
  type DirectMessageRow,
  directMessageColumns,
  presentDirectMessage,
} from "./direct-message-notices.ts";
export { setMessagesHidden } from "./message-hiding.ts";
export { maskProfanity } from "./profanity-filter.ts";
