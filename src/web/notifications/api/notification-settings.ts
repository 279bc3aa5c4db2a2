import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettings } from "../../../shared/notifications.ts";
import { apiFetch } from "../../api/client.ts";
import { notificationKeys } from "./notification-keys.ts";

type Setting = NotificationSettings["settings"][number];

/** GET /api/notifications/settings: every topic × channel, chosen or default. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => apiFetch<NotificationSettings>("/notifications/settings", { signal }),
    select: (data) => data.settings,
  });
}

/** PUT /api/notifications/settings with one changed choice; the answer is the whole set. */
export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: Setting) =>
      apiFetch<NotificationSettings>("/notifications/settings", {
        method: "PUT",
        body: { settings: [setting] },
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
