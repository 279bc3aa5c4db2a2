/** What other features use of the chat: telling every instance's sockets about moderation. */
export {
  announceMessageHidden,
  announceMessageRestored,
  announceSignedOutEverywhere,
} from "./chat-announcements.ts";
