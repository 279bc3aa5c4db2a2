import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "../../shared/identity.ts";
import { apiFetch } from "../api/client.ts";
import { sessionQueryKey } from "../api/query-keys.ts";

export const fetchSession = (signal?: AbortSignal) =>
  apiFetch<MeResponse>("/me", signal ? { signal } : {});

export const SIGNED_OUT: MeResponse = { user: null, profile: null };

/**
 * Reads the session; when it is no longer the account this tab showed (another tab signed out or
 * switched, issue 20), the former account's cached reads go before anything draws the new one.
 */
function sessionReader(queryClient: QueryClient) {
  return async ({ signal }: { signal?: AbortSignal }): Promise<MeResponse> => {
    const next = await fetchSession(signal);
    const before = queryClient.getQueryData<MeResponse>(sessionQueryKey)?.user?.id;
    if (before && before !== next.user?.id) {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    }
    return next;
  };
}

/** The live authentication state, from /api/me; refreshed on window focus and after sign-in/out. */
export function useSession() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: sessionReader(queryClient),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** Asks the server for the session now, whatever the cache holds: after a sign-in by any route. */
export function loadSession(queryClient: QueryClient): Promise<MeResponse> {
  return queryClient.fetchQuery({
    queryKey: sessionQueryKey,
    queryFn: sessionReader(queryClient),
    staleTime: 0,
  });
}
