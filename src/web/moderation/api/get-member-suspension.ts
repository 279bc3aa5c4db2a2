import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";
import type { Suspension } from "./suspend-member.ts";

/** One member's suspension, for a moderator on their profile (GET /api/moderation/members/:username). */
export function useMemberSuspension(username: string) {
  return useQuery({
    queryKey: moderationKeys.member(username),
    queryFn: ({ signal }) =>
      apiFetch<Suspension>(`/moderation/members/${encodeURIComponent(username)}`, { signal }),
  });
}
