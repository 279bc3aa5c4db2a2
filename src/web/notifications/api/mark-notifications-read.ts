import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { notificationKeys } from "./notification-keys.ts";

/**
 * POST /api/notifications/:id/read (an id) or /api/notifications/read-all (none); the list and the
 * count are read again after (the live frame would say so too, a moment later).
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | "all") =>
      apiFetch<{ unread: number }>(
        id === "all" ? "/notifications/read-all" : `/notifications/${id}/read`,
        { method: "POST" },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
