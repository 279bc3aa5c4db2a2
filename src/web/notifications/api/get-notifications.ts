import { useInfiniteQuery } from "@tanstack/react-query";
import type { NotificationsPage } from "../../../shared/notifications.ts";
import { apiFetch } from "../../api/client.ts";
import { uniqueItems } from "../../api/unique-items.ts";
import { notificationKeys } from "./notification-keys.ts";

/**
 * The member's notifications, newest first (GET /api/notifications): a page of 20, each further
 * page from the previous answer's `nextCursor`.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<NotificationsPage>(
        pageParam === null
          ? "/notifications"
          : `/notifications?cursor=${encodeURIComponent(pageParam)}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => uniqueItems(data.pages, (page) => page.notifications),
  });
}
