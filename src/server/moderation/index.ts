/**
 * What others use of trust and safety (issue 16): app.ts registers reporting and the moderators'
 * API, and hands reviews the closing of a deleted review's reports; accounts takes a deleted
 * member's name out of the log. Its plugin writes the log's lines about skill changes (issue 33).
 */
export { forgetMemberInLog } from "./moderation-log.ts";
export { moderationPlugin } from "./moderation-plugin.ts";
export { moderationRoutes } from "./moderation-routes.ts";
export { registerQueueMetrics } from "./queue-metrics.ts";
export { closeReportsOnRemoved } from "./removed-items.ts";
export { reportsRoutes } from "./reports-routes.ts";
