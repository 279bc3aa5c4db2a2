import { useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../shared/identity.ts";
import { apiFetch } from "../api/client.ts";

export const sessionQueryKey = ["me"] as const;

/** The live authentication state, from /api/me; refreshed on window focus and after sign-in/out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => apiFetch<MeResponse>("/me", { signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}
