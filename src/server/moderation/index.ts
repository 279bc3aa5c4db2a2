/** What app.ts registers of trust and safety (issue 16): reporting, and the moderators' API. */
export { moderationRoutes } from "./moderation-routes.ts";
export { closeReportsOnRemoved } from "./removed-items.ts";
export { reportsRoutes } from "./reports-routes.ts";
