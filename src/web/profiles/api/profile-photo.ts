import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoResponse } from "../../../shared/photos.ts";
import type { ProfileDetail } from "../../../shared/profiles.ts";
import { apiFetch } from "../../api/client.ts";
import { profileQueryKey, searchQueryKey, sessionQueryKey } from "../../api/query-keys.ts";

/**
 * The profile's new photo everywhere at once: the page (its img_url set here, then read again), the
 * session (the chat's own avatar), and the lists that show the member's avatar.
 */
function usePhotoChanged(username: string) {
  const queryClient = useQueryClient();
  return async ({ img_url }: PhotoResponse) => {
    queryClient.setQueryData<ProfileDetail>(profileQueryKey(username), (profile) =>
      profile ? { ...profile, img_url } : profile,
    );
    await Promise.all(
      [profileQueryKey(username), sessionQueryKey, ["reviews"], searchQueryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

const photoAddress = (username: string) => `/users/${encodeURIComponent(username)}/photo`;

/** Sends the chosen file as the owner's photo (the server checks, crops and resizes it). */
export function useUploadPhoto(username: string) {
  const onSuccess = usePhotoChanged(username);
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch<PhotoResponse>(photoAddress(username), { method: "PUT", body: file }),
    onSuccess,
  });
}

/** Removes the owner's photo: the generated avatar again. */
export function useRemovePhoto(username: string) {
  const onSuccess = usePhotoChanged(username);
  return useMutation({
    mutationFn: () => apiFetch<PhotoResponse>(photoAddress(username), { method: "DELETE" }),
    onSuccess,
  });
}
