import type { z } from "zod";
import type { SuspendInput, suspensionResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { useModerationMutation } from "./use-moderation-mutation.ts";

export type Suspension = z.infer<typeof suspensionResponseSchema>;

/** Suspends a member (POST /api/moderation/members/:username/suspend). */
export function useSuspendMember() {
  return useModerationMutation(({ username, ...body }: SuspendInput & { username: string }) =>
    apiFetch<Suspension>(`/moderation/members/${encodeURIComponent(username)}/suspend`, {
      method: "POST",
      body,
    }),
  );
}
