import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { dropPushAtSignOut } from "../../push/index.ts";
import { forgetSession } from "../forget-session.ts";

/**
 * Signs out on the server, then forgets the session here (forget-session.ts). This device's push
 * goes first, while the session can still remove it (best effort, never in sign-out's way).
 */
export function useLogout(beforeSignedOut: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await dropPushAtSignOut();
      return apiFetch<void>("/auth/logout", { method: "POST" });
    },
    onSuccess: () => forgetSession(queryClient, beforeSignedOut),
  });
}
