// What the app uses of direct messages (issue 17): /chatapp's conversations around the room, the
// top bar's Messages link, the live updates of the query cache, and a conversation's address.
export { conversationAddress } from "./conversation-list.tsx";
export { ConversationsLayout } from "./conversations-layout.tsx";
export { LiveConversationUpdates } from "./live-conversation-updates.tsx";
export { MessagesLink } from "./messages-link.tsx";
