// The query cache's keys of notifications (issue 30): a live frame invalidates `all`.
export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
  settings: ["notifications", "settings"] as const,
  savedSearches: ["notifications", "saved-searches"] as const,
};
