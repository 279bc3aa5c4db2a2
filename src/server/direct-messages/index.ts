/** What other features use of direct messages: the app's routes, and hiding or restoring them (moderation). */
export { setDirectMessagesHidden } from "./direct-message-hiding.ts";
export { directMessagesRoutes } from "./direct-messages-routes.ts";
