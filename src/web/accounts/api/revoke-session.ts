import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { accountSessionsQueryKey } from "./get-sessions.ts";

/** Signs one of the account's other sessions out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
