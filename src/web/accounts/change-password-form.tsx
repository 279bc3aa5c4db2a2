import { changePasswordBodySchema } from "../../shared/accounts.ts";
import { NewPasswordField } from "../auth/index.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { PasswordField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useChangePassword } from "./api/change-password.ts";

/** Settings → Change password: the current one proves it is the owner; other sessions end. */
export function ChangePasswordForm() {
  const { form, frame } = useMutationForm(useChangePassword(), {
    schema: changePasswordBodySchema,
    defaultValues: { currentPassword: "", newPassword: "" },
    onSuccess: () => {
      form.reset();
      notify("Password changed. Your other sessions are signed out.", "success");
    },
  });

  return (
    <FormFrame {...frame} label="Change password" submitLabel="Change password">
      <PasswordField
        form={form}
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        required
      />
      <NewPasswordField form={form} name="newPassword" />
    </FormFrame>
  );
}
