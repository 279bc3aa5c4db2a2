import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { mailSentResponseSchema } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";

/** Sends the signed-in account a new verification link. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiFetch<z.infer<typeof mailSentResponseSchema>>("/auth/verify-email/resend", {
        method: "POST",
      }),
  });
}
