/**
 * Notifications (issue 30): entries written by event handlers in the transaction of what they are
 * about, counted live on every page, listed at /notifications.
 */

export { type DeviceEntry, unreadEntryForDevice } from "./entry-for-device.ts";
export { exportNotifications } from "./notifications-export.ts";
export { notificationsPlugin } from "./notifications-plugin.ts";
export { unreadCount } from "./notifications-repository.ts";
export { notificationsRoutes } from "./notifications-routes.ts";
export { topicsOn } from "./settings-repository.ts";
export { signingKey } from "./signing-keys.ts";
export { oneClickUnsubscribeRoute } from "./unsubscribe-routes.ts";
