import { useInfiniteQuery } from "@tanstack/react-query";
import type { NotificationsPage } from "../../../shared/notifications.ts";
import { pagedList } from "../../api/cursor-paging.ts";
import { notificationKeys } from "./notification-keys.ts";

/**
 * The member's notifications, newest first (GET /api/notifications): a page of 20, each further
 * page from the previous answer's `nextCursor`.
 */
export function useNotifications() {
  return useInfiniteQuery(
    pagedList(
      notificationKeys.list,
      "/notifications",
      (page: NotificationsPage) => page.notifications,
    ),
  );
}
