import { useQuery } from "@tanstack/react-query";
import type { SessionsResponse } from "../../../shared/accounts.ts";
import { apiFetch } from "../../api/client.ts";

export const accountSessionsQueryKey = ["account", "sessions"] as const;

/** The signed-in account's active sessions, this browser's marked `current`. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsQueryKey,
    queryFn: ({ signal }) => apiFetch<SessionsResponse>("/me/sessions", { signal }),
    select: ({ sessions }) => sessions,
  });
}
