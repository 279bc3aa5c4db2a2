import { type PublicProfile, updateProfileBodySchema } from "../../shared/profiles.ts";
import { ShowEmailField, useUpdateProfile } from "../profiles/index.ts";
import { setFormError } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";

const showEmailSchema = updateProfileBodySchema.pick({ show_email: true });

/** Settings → whether signed-in members see the email: the profile's option, saved through its API. */
export function ShowEmailForm({ profile }: { profile: PublicProfile }) {
  const { form, frame } = useMutationForm(useUpdateProfile(profile.username), {
    schema: showEmailSchema,
    defaultValues: { show_email: profile.show_email ?? false },
    onSuccess: (saved) => {
      form.reset({ show_email: saved.show_email ?? false });
      notify("Saved.", "success");
    },
    onError: (error) => {
      setFormError(form, error.message);
    },
  });

  return (
    <FormFrame {...frame} label="Email visibility" submitLabel="Save" buttonRow>
      <ShowEmailField
        form={form}
        hint="Signed-out visitors never see it, nor anyone before it is verified."
      />
    </FormFrame>
  );
}
