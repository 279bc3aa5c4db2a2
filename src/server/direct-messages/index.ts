/**
 * What other features use of direct messages: the app's routes, hiding or restoring them
 * (moderation), whether two members have both written to each other (reviews), and how a member
 * answers (profiles).
 */
export { bothHaveWritten } from "./contact-between.ts";
export { setDirectMessagesHidden } from "./direct-message-hiding.ts";
export { directMessagesRoutes } from "./direct-messages-routes.ts";
export { responsivenessOf } from "./responsiveness-query.ts";
