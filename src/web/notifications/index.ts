// Notifications (issue 30): the bell with its live count, the list at /notifications.
export { AlertMeForm } from "./alert-me-form.tsx";
export { LiveNotificationUpdates } from "./live-notification-updates.tsx";
export { NotificationSettingsForm } from "./notification-settings-form.tsx";
export { NotificationsLink } from "./notifications-link.tsx";
export { SavedSearchesList } from "./saved-searches-list.tsx";
