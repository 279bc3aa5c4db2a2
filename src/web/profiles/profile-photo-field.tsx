import { type ChangeEvent, useId, useState } from "react";
import {
  isUploadedPhoto,
  PHOTO_CONTENT_TYPES,
  PHOTO_MAX_BYTES,
  photoFileRefusal,
} from "../../shared/photos.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { Avatar } from "../ui/avatar.tsx";
import { notify } from "../ui/notify.tsx";
import { useRemovePhoto, useUploadPhoto } from "./api/profile-photo.ts";

const MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * The Photo part of the profile's edit form (issue 19): the current image, a file that is sent as
 * soon as it is chosen (checked here first, with the server's words), and "Remove photo" back to
 * the generated avatar. It saves by itself: Save Changes is for the fields below.
 */
export function ProfilePhotoField({ profile }: { profile: ProfileDetail }) {
  const upload = useUploadPhoto(profile.username);
  const remove = useRemovePhoto(profile.username);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Choosing the same file again (after an error, say) is a new choice.
    event.currentTarget.value = "";
    if (!file) return;
    const refusal = photoFileRefusal(file);
    setError(refusal);
    if (refusal) return;
    upload.mutate(file, {
      onSuccess: () => notify("Photo uploaded", "success"),
      onError: (failure) => setError(failure.message),
    });
  };

  const removePhoto = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => notify("Photo removed", "success"),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <fieldset className="field photo-field">
      <legend>Photo</legend>
      <div className="photo-field-body">
        <Avatar
          key={profile.img_url}
          name={profile.username}
          imageUrl={profile.img_url}
          size={88}
          label="Your current photo"
        />
        <div className="photo-field-controls">
          <label htmlFor={id}>Upload a photo</label>
          <input
            id={id}
            type="file"
            accept={PHOTO_CONTENT_TYPES.join(",")}
            onChange={choose}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          />
          <p id={`${id}-hint`} className="muted field-hint">
            JPEG, PNG or WebP, at most {MAX_MB} MB, cropped to a square. Saved as soon as you choose
            it.
          </p>
          <p className="muted field-hint" role="status">
            {upload.isPending ? "Uploading..." : remove.isPending ? "Removing..." : ""}
          </p>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
          {isUploadedPhoto(profile.img_url) && (
            <button
              type="button"
              className="button button-ghost photo-remove"
              onClick={removePhoto}
              disabled={busy}
            >
              Remove photo
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
