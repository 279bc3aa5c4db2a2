import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "../../../shared/identity.ts";
import type { CreateProfileBody, PublicProfile } from "../../../shared/profiles.ts";
import { apiFetch } from "../../api/client.ts";
import { sessionQueryKey } from "../../api/query-keys.ts";
import { storeUsername } from "../../auth/index.ts";

/** Creates the signed-in identity's profile, stores its username (SPEC §3) and updates the session. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateProfileBody) =>
      (await apiFetch<{ user: PublicProfile }>("/users", { method: "POST", body })).user,
    onSuccess: async (profile) => {
      storeUsername(profile.username);
      queryClient.setQueryData<MeResponse>(sessionQueryKey, (session) =>
        session ? { ...session, profile } : session,
      );
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
