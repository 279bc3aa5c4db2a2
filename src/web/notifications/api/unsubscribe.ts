import { useMutation } from "@tanstack/react-query";
import type { NotificationTopic } from "../../../shared/notifications.ts";
import { apiFetch } from "../../api/client.ts";

/**
 * POST /api/notifications/unsubscribe (`on: false`) or /resubscribe (`on: true`) with a mail's
 * token: no sign-in needed; the answer names the topic.
 */
export function useMailSwitch() {
  return useMutation({
    mutationFn: ({ token, on }: { token: string; on: boolean }) =>
      apiFetch<{ topic: NotificationTopic }>(
        on ? "/notifications/resubscribe" : "/notifications/unsubscribe",
        { method: "POST", body: { token } },
      ),
  });
}
