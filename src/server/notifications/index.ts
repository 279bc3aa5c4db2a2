/**
 * Notifications (issue 30): entries written by event handlers in the transaction of what they are
 * about, counted live on every page, listed at /notifications.
 */

export { exportNotifications } from "./notifications-export.ts";
export { notificationsPlugin } from "./notifications-plugin.ts";
export { notificationsRoutes } from "./notifications-routes.ts";
export { oneClickUnsubscribeRoute } from "./unsubscribe-routes.ts";
