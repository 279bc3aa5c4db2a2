import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { notificationsUnreadSchema } from "../../../shared/notifications.ts";
import { apiFetch } from "../../api/client.ts";
import { notificationKeys } from "./notification-keys.ts";

type Unread = z.infer<typeof notificationsUnreadSchema>;

/** The bell's count (GET /api/notifications/unread); asked only for members, again on each frame. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiFetch<Unread>("/notifications/unread", { signal }),
    select: ({ unread }) => unread,
    enabled,
    refetchOnWindowFocus: true,
  });
}
