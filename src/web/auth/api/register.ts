import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthUserResponse, Credentials } from "../../../shared/auth.ts";
import { apiFetch } from "../../api/client.ts";
import { sessionQueryKey } from "../../api/query-keys.ts";

/** Creates an email/password account; the server signs it in, so the session is refreshed. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiFetch<AuthUserResponse>("/auth/register", { method: "POST", body: credentials }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, { user, profile: null });
    },
  });
}
