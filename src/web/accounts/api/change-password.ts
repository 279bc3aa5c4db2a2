import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { changePasswordBodySchema } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";
import { accountSessionsQueryKey } from "./get-sessions.ts";

/** Changes the password; the server signs every other session out, so the list is asked again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordBodySchema>) =>
      apiFetch<void>("/me/password", { method: "PUT", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
