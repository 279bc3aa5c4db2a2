import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { changeEmailBodySchema, mailSentResponseSchema } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";

/** Sends a link to the new address; the account's email changes once that link is followed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: z.input<typeof changeEmailBodySchema>) =>
      apiFetch<z.infer<typeof mailSentResponseSchema>>("/me/email", { method: "PUT", body }),
  });
}
