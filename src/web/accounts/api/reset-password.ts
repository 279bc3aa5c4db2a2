import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { resetPasswordBodySchema } from "../../../shared/accounts.ts";
import type { AuthUserResponse } from "../../../shared/auth.ts";
import { apiFetch } from "../../api/client.ts";
import { loadSession } from "../../auth/index.ts";

/**
 * Sets a new password with the emailed token; the server signs this browser in (and every other
 * session of the account out), so the session is loaded afresh for the page to go on with.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof resetPasswordBodySchema>) =>
      apiFetch<AuthUserResponse>("/auth/reset-password", {
        method: "POST",
        body,
      }),
    onSuccess: async () => {
      // Signed in all the same if this fails: the /feed guard asks again.
      await loadSession(queryClient).catch(() => undefined);
    },
  });
}
