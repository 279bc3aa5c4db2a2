import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { ApiError, apiFetch } from "./client.ts";
import { profileQueryKey } from "./query-keys.ts";

async function getProfile(username: string, signal?: AbortSignal): Promise<ProfileDetail> {
  const path = `/users/username/${encodeURIComponent(username.toLowerCase())}`;
  const { user } = await apiFetch<{ user: ProfileDetail }>(path, { signal });
  return user;
}

/** A profile with its review count and average rating; a 404 is final, not retried. */
export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => getProfile(username, signal),
    // The route prefetches it while the page's chunk loads: fresh at mount, not fetched twice.
    // Edits and new reviews invalidate it explicitly.
    staleTime: 10_000,
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
