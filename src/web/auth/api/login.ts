import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthUserResponse, Credentials } from "../../../shared/auth.ts";
import type { MeResponse } from "../../../shared/identity.ts";
import { apiFetch } from "../../api/client.ts";
import { loadSession } from "../use-session.ts";

/** Signs in, then loads the new session (identity and profile) so the caller knows where to go. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<MeResponse> => {
      const { user } = await apiFetch<AuthUserResponse>("/auth/login", {
        method: "POST",
        body: credentials,
      });
      try {
        return await loadSession(queryClient);
      } catch {
        // Signed in all the same; /createYourUser sends on to /feed once the profile is known.
        return { user, profile: null };
      }
    },
  });
}
