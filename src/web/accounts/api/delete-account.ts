import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { deleteAccountBodySchema } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";
import { forgetSession } from "../../auth/index.ts";

/**
 * Deletes the signed-in account for good; the server clears the session cookie, and this browser
 * forgets the session once the caller has left the page (`beforeSignedOut`).
 */
export function useDeleteAccount(beforeSignedOut: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof deleteAccountBodySchema>) =>
      apiFetch<void>("/me", { method: "DELETE", body }),
    onSuccess: () => forgetSession(queryClient, beforeSignedOut),
  });
}
