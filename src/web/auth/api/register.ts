import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthUserResponse, Credentials } from "../../../shared/auth.ts";
import { apiFetch } from "../../api/client.ts";
import { sessionQueryKey } from "../use-session.ts";

export function register(credentials: Credentials): Promise<AuthUserResponse> {
  return apiFetch<AuthUserResponse>("/auth/register", { method: "POST", body: credentials });
}

/** Creates an email/password account; the server signs it in, so the session is refreshed. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, { user, profile: null });
    },
  });
}
