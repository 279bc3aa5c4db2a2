import { apiFetch } from "../../api/client.ts";
import type { Suspension } from "./suspend-member.ts";
import { useModerationMutation } from "./use-moderation-mutation.ts";

/** Lifts a member's suspension (POST /api/moderation/members/:username/lift). */
export function useLiftSuspension() {
  return useModerationMutation(({ username, reason }: { username: string; reason: string }) =>
    apiFetch<Suspension>(`/moderation/members/${encodeURIComponent(username)}/lift`, {
      method: "POST",
      body: { reason },
    }),
  );
}
