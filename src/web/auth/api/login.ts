import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthUserResponse, Credentials } from "../../../shared/auth.ts";
import type { MeResponse } from "../../../shared/identity.ts";
import { apiFetch } from "../../api/client.ts";
import { fetchSession, sessionQueryKey } from "../use-session.ts";

export function login(credentials: Credentials): Promise<AuthUserResponse> {
  return apiFetch<AuthUserResponse>("/auth/login", { method: "POST", body: credentials });
}

/** Signs in, then loads the new session (identity and profile) so the caller knows where to go. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<MeResponse> => {
      const { user } = await login(credentials);
      try {
        return await queryClient.fetchQuery({
          queryKey: sessionQueryKey,
          queryFn: ({ signal }) => fetchSession(signal),
          staleTime: 0,
        });
      } catch {
        // Signed in all the same; /createYourUser sends on to /feed once the profile is known.
        return { user, profile: null };
      }
    },
  });
}
