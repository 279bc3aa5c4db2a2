import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { conversationKeys, conversationPath } from "./conversation-keys.ts";

/** POST /api/conversations/with/:username/read: read up to `lastReadId` (the marker only moves on). */
export function useMarkRead(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastReadId: number) =>
      apiFetch<void>(`${conversationPath(username)}/read`, {
        method: "POST",
        body: { last_read_id: lastReadId },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.unread }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.list }),
      ]),
  });
}
