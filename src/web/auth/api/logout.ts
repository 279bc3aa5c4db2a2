import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { forgetSession } from "../forget-session.ts";

/** Signs out on the server, then forgets the session here (forget-session.ts). */
export function useLogout(beforeSignedOut: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>("/auth/logout", { method: "POST" }),
    onSuccess: () => forgetSession(queryClient, beforeSignedOut),
  });
}
