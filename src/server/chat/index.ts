/**
 * What other features use of the chat: telling every instance's sockets about moderation and about
 * direct messages (issue 17), and the room's profanity filter, which direct messages share.
 */
export {
  announceMessageHidden,
  announceMessageRestored,
  announceSignedOutEverywhere,
} from "./chat-announcements.ts";
export {
  announceConversationsChanged,
  announceDirectMessage,
  announceDirectMessagesRead,
  type DirectMessageRow,
  directMessageColumns,
  presentDirectMessage,
} from "./direct-message-notices.ts";
export { maskProfanity } from "./profanity-filter.ts";
