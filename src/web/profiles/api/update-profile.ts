import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileDetail, UpdateProfileBody } from "../../../shared/profiles.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey, sessionQueryKey } from "../../api/query-keys.ts";

export const updateProfileMutationKey = ["update-profile"] as const;

/** Saves the owner's bio, skills and interests; the page and the session then show the new values. */
export function useUpdateProfile(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateProfileMutationKey,
    mutationFn: async (changes: UpdateProfileBody) =>
      (
        await apiFetch<{ user: ProfileDetail }>(`/users/${encodeURIComponent(username)}`, {
          method: "PUT",
          body: changes,
        })
      ).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(profileQueryKey(user.username), user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey(user.username) }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}
