import { useQuery } from "@tanstack/react-query";
import type { SuspendedMember } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";

/** Who is suspended now, the soonest to end first (GET /api/moderation/suspended). */
export function useSuspendedMembers() {
  return useQuery({
    queryKey: moderationKeys.suspended,
    queryFn: ({ signal }) =>
      apiFetch<{ members: SuspendedMember[] }>("/moderation/suspended", { signal }),
    select: ({ members }) => members,
  });
}
