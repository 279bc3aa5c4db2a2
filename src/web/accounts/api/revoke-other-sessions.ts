import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { accountSessionsQueryKey } from "./get-sessions.ts";

/** Signs every session of the account out but this browser's. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>("/me/sessions/revoke-others", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
