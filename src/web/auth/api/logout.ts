import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { clearStoredUsername } from "../stored-username.ts";
import { SIGNED_OUT, sessionQueryKey } from "../use-session.ts";

export function logout(): Promise<void> {
  return apiFetch<void>("/auth/logout", { method: "POST" });
}

/**
 * Signs out on the server, forgets the stored username, then lets the caller leave the page
 * (`beforeSignedOut`) before the session turns signed-out, so a guarded page does not complain.
 */
export function useLogout(beforeSignedOut: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      clearStoredUsername();
      await beforeSignedOut();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
    },
  });
}
