import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthUserResponse } from "../../../shared/auth.ts";
import type { MeResponse } from "../../../shared/identity.ts";
import { apiFetch } from "../../api/client.ts";
import { sessionQueryKey } from "../../api/query-keys.ts";

/**
 * Follows an emailed link (verification, or a change of address): the account it names is
 * verified; when that is the signed-in one, the session shows it at once.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<AuthUserResponse>("/auth/verify-email", {
        method: "POST",
        body: { token },
      }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData<MeResponse>(sessionQueryKey, (session) =>
        session?.user?.id === user.id ? { ...session, user } : session,
      );
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
