import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "../../../shared/identity.ts";
import type { CreateProfileBody, PublicProfile } from "../../../shared/profiles.ts";
import { apiFetch } from "../../api/client.ts";
import { storeUsername } from "../stored-username.ts";
import { sessionQueryKey } from "../use-session.ts";

export async function createProfile(body: CreateProfileBody): Promise<PublicProfile> {
  const { user } = await apiFetch<{ user: PublicProfile }>("/users", { method: "POST", body });
  return user;
}

/** Creates the signed-in identity's profile, stores its username (SPEC §3) and updates the session. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: async (profile) => {
      storeUsername(profile.username);
      queryClient.setQueryData<MeResponse>(sessionQueryKey, (session) =>
        session ? { ...session, profile } : session,
      );
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
