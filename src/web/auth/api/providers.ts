import { useQuery } from "@tanstack/react-query";
import type { AuthProviders } from "../../../shared/auth.ts";
import { apiFetch } from "../../api/client.ts";

export const providersQueryKey = ["auth", "providers"] as const;

/** Whether this server offers Google sign-in (GET /api/auth/providers); it does not change while it runs. */
export function useGoogleOffered(): boolean {
  const providers = useQuery({
    queryKey: providersQueryKey,
    queryFn: ({ signal }) => apiFetch<AuthProviders>("/auth/providers", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Not shown until known: a button that then vanishes, or fails with "try again later", is worse.
  return providers.data?.google === true;
}
