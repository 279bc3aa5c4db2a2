import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../shared/identity.ts";
import { apiFetch } from "../api/client.ts";
import { sessionQueryKey } from "../api/query-keys.ts";

export const fetchSession = (signal?: AbortSignal) =>
  apiFetch<MeResponse>("/me", signal ? { signal } : {});

export const SIGNED_OUT: MeResponse = { user: null, profile: null };

/** The live authentication state, from /api/me; refreshed on window focus and after sign-in/out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** Asks the server for the session now, whatever the cache holds: after a sign-in by any route. */
export function loadSession(queryClient: QueryClient): Promise<MeResponse> {
  return queryClient.fetchQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 0,
  });
}
