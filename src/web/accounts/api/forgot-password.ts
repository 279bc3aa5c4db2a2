import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { forgotPasswordBodySchema, mailSentResponseSchema } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof forgotPasswordBodySchema>) =>
      apiFetch<z.infer<typeof mailSentResponseSchema>>("/auth/forgot-password", {
        method: "POST",
        body,
      }),
  });
}
