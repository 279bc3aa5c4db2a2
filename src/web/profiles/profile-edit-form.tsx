import { useEffect } from "react";
import type { UpdateProfileBody } from "../../shared/profiles.ts";
import {
  BIO_MAX_LENGTH,
  type ProfileDetail,
  updateProfileBodySchema,
} from "../../shared/profiles.ts";
import { currencyOfCountry } from "../../shared/service-details.ts";
import { AreaField } from "../places/index.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextAreaField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useUpdateProfile } from "./api/update-profile.ts";
import { ProfilePhotoField } from "./profile-photo-field.tsx";
import { ServiceDetailsFields } from "./service-details-fields.tsx";
import { serviceFormSchema, serviceFormValuesOf } from "./service-form.ts";
import { ShowEmailField } from "./show-email-field.tsx";
import { SkillListFields } from "./skill-list-fields.tsx";

const NOT_SAVED = "Profile not saved:";

const profileFormSchema = updateProfileBodySchema.extend({ service: serviceFormSchema });

type Props = { id: string; profile: ProfileDetail; onSaved: () => void; onCancel: () => void };

/**
 * Edit mode of one's own profile: the photo (issue 19; saved on its own), Bio, Area (issue 18),
 * Skills, Interests, Service details (issue 32) and whether members see the email, validated by the
 * server's schema. The area is sent only when it changed.
 */
export function ProfileEditForm({ id, profile, onSaved, onCancel }: Props) {
  const update = useUpdateProfile(profile.username);
  const { form, frame } = useMutationForm(update, {
    schema: profileFormSchema,
    focusFirstError: true,
    defaultValues: {
      bio: profile.bio,
      skills: profile.skills,
      interests: profile.interests,
      show_email: profile.show_email ?? false,
      area_id: profile.area?.id ?? null,
      service: serviceFormValuesOf(profile),
    },
    request: ({ area_id, ...changes }): UpdateProfileBody =>
      area_id === (profile.area?.id ?? null) ? changes : { ...changes, area_id },
    // SPEC §4's alert; a refusal shows once, on its fields or above the buttons (useMutationForm).
    onSuccess: () => {
      notify("Profile Edited", "success");
      onSaved();
    },
  });

  // Opening edit mode takes the keyboard to the first field.
  useEffect(() => form.setFocus("bio"), [form]);

  return (
    <FormFrame
      {...frame}
      id={id}
      label="Edit your profile"
      className="card profile-edit-form"
      submitLabel="Submit"
      errorPrefix={`${NOT_SAVED} `}
      moreButtons={
        <button
          type="button"
          className="button button-ghost"
          onClick={onCancel}
          disabled={update.isPending}
        >
          Cancel
        </button>
      }
    >
      <ProfilePhotoField profile={profile} />
      <TextAreaField form={form} name="bio" label="Bio" maxChars={BIO_MAX_LENGTH} />
      <AreaField
        form={form}
        name="area_id"
        label="Area"
        hint="Your town, from the list: members near you find you by it. Never your address."
        initial={profile.area}
      />
      <SkillListFields form={form} />
      <ServiceDetailsFields form={form} currency={currencyOfCountry(profile.area?.country)} />
      <ShowEmailField
        form={form}
        hint="Signed-out visitors never see it; members can always reach you in the chat."
      />
    </FormFrame>
  );
}
