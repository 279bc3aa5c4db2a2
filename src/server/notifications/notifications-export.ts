import { notificationText } from "../../shared/notifications.ts";
import type { Db } from "../db/database.ts";
import { presentNotification } from "./notifications-presenter.ts";
import { listNotifications } from "./notifications-repository.ts";
import { presentSavedSearch } from "./saved-search-presenter.ts";
import { listSavedSearches } from "./saved-searches-repository.ts";
import { settingsOf } from "./settings-repository.ts";

/** More than a member keeps: read entries go after 90 days, unread ones are few. */
const EXPORT_LIMIT = 100_000;

/**
 * A member's notifications (each as its sentence), their settings and saved searches, for their
 * data export.
 */
export async function exportNotifications(db: Db, userId: string, ownUsername: string) {
  const [rows, settings, searches] = await Promise.all([
    listNotifications(db, userId, { blocked: [], after: null, limit: EXPORT_LIMIT }),
    settingsOf(db, userId),
    listSavedSearches(db, userId),
  ]);
  return {
    notifications: rows.map((row) => {
      const entry = presentNotification(row, ownUsername);
      return {
        text: notificationText(entry),
        link: entry.link,
        count: entry.count,
        at: entry.updated_at,
        read: entry.read,
      };
    }),
    notificationSettings: settings,
    savedSearches: searches.map((row) => {
      const { id: _id, ...search } = presentSavedSearch(row);
      return search;
    }),
  };
}
