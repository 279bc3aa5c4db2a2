import { type PublicProfile, updateProfileBodySchema } from "../../shared/profiles.ts";
import { useUpdateProfile } from "../profiles/index.ts";
import { Field } from "../ui/field.tsx";
import { setFormError } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";

const noindexSchema = updateProfileBodySchema.pick({ noindex: true });

/**
 * Settings → whether search engines may list the member's profile and posts (issue 33): the
 * profile's option, saved through its API. Links shared by hand still show their preview.
 */
export function SearchEnginesForm({ profile }: { profile: PublicProfile }) {
  const { form, frame } = useMutationForm(useUpdateProfile(profile.username), {
    schema: noindexSchema,
    defaultValues: { noindex: profile.noindex ?? false },
    onSuccess: (saved) => {
      form.reset({ noindex: saved.noindex ?? false });
      notify("Saved.", "success");
    },
    onError: (error) => {
      setFormError(form, error.message);
    },
  });

  return (
    <FormFrame {...frame} label="Search engines" submitLabel="Save" buttonRow>
      <Field
        kind="checkbox"
        label="Hide my profile and posts from search engines"
        hint="They are left out of the sitemap and ask search engines not to list them. People you send a link to still see its preview."
      >
        {(control) => <input {...control} type="checkbox" {...form.register("noindex")} />}
      </Field>
    </FormFrame>
  );
}
