/** What other features use of direct messages: nothing but the app's routes and the export. */
export { directMessagesRoutes } from "./direct-messages-routes.ts";
