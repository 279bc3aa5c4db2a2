import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  BIO_MAX_LENGTH,
  type ProfileDetail,
  updateProfileBodySchema,
} from "../../shared/profiles.ts";
import { ApiError } from "../api/client.ts";
import { notify } from "../ui/notify.tsx";
import { useUpdateProfile } from "./api/update-profile.ts";
import { topLevelFieldErrors, zodFieldErrors } from "./field-errors.ts";
import { OptionCheckboxes } from "./option-checkboxes.tsx";

type Props = { id: string; profile: ProfileDetail; onSaved: () => void; onCancel: () => void };

/**
 * Edit mode of one's own profile: Bio, Skills, Interests and whether members see the email,
 * validated by the server's schema.
 */
export function ProfileEditForm({ id, profile, onSaved, onCancel }: Props) {
  const bioId = useId();
  const [bio, setBio] = useState(profile.bio);
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const [showEmail, setShowEmail] = useState(profile.show_email ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProfile(profile.username);
  const bioField = useRef<HTMLTextAreaElement>(null);

  // Opening edit mode takes the keyboard to the first field.
  useEffect(() => bioField.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateProfileBodySchema.safeParse({
      bio,
      skills,
      interests,
      show_email: showEmail,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        notify("Profile Edited", "success");
        onSaved();
      },
      onError: (error) => {
        const message = error instanceof Error ? error.message : "Please try again.";
        if (error instanceof ApiError) setErrors(topLevelFieldErrors(error.fields));
        setFailure(message);
        notify(`Profile not saved: ${message}`, "error");
      },
    });
  };

  return (
    <form
      id={id}
      className="form card profile-edit-form"
      onSubmit={onSubmit}
      noValidate
      aria-label="Edit your profile"
    >
      <div className="field">
        <label htmlFor={bioId}>Bio</label>
        <textarea
          ref={bioField}
          id={bioId}
          name="bio"
          value={bio}
          maxLength={BIO_MAX_LENGTH}
          onChange={(event) => setBio(event.target.value)}
          aria-describedby={`${bioId}-hint${errors.bio ? ` ${bioId}-error` : ""}`}
          aria-invalid={errors.bio ? true : undefined}
        />
        <p id={`${bioId}-hint`} className="muted field-hint">
          {bio.length} / {BIO_MAX_LENGTH} characters
        </p>
        {errors.bio && (
          <p id={`${bioId}-error`} className="field-error">
            {errors.bio}
          </p>
        )}
      </div>
      <OptionCheckboxes
        legend="Skills"
        name="skills"
        selected={skills}
        onChange={setSkills}
        error={errors.skills}
      />
      <OptionCheckboxes
        legend="Interests"
        name="interests"
        selected={interests}
        onChange={setInterests}
        error={errors.interests}
      />
      <div className="field checkbox-field">
        <label>
          <input
            type="checkbox"
            name="show_email"
            checked={showEmail}
            onChange={(event) => setShowEmail(event.target.checked)}
            aria-describedby={`${bioId}-email-hint`}
          />
          Show my email to signed-in members
        </label>
        <p id={`${bioId}-email-hint`} className="muted field-hint">
          Signed-out visitors never see it; members can always reach you in the chat.
        </p>
      </div>
      {failure && <p className="error-text">Profile not saved: {failure}</p>}
      <div className="button-row">
        <button type="submit" className="button" disabled={update.isPending}>
          Submit
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={onCancel}
          disabled={update.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
