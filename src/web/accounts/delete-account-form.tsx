import { useState } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { deleteAccountBodySchema } from "../../shared/accounts.ts";
import { isApiError } from "../api/client.ts";
import { GoogleButton } from "../auth/index.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { showRefusal } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { PasswordField } from "../ui/text-field.tsx";
import { useSchemaForm } from "../ui/use-schema-form.ts";
import { DELETION_CONSEQUENCES } from "./account-texts.ts";
import { useDeleteAccount } from "./api/delete-account.ts";

// The body's object (the route also takes none): the form always has the field, empty for a
// Google-only account.
const passwordSchema = deleteAccountBodySchema.unwrap().unwrap();
type Password = z.input<typeof passwordSchema>;

/**
 * Settings → Delete my account: the password (a Google-only account instead signs in with Google
 * again when the server asks), then a confirmation, then signed out and home.
 */
export function DeleteAccountForm() {
  const navigate = useNavigate();
  // Said as the page leaves, not in mutate's own onSuccess: that one is skipped once this form has
  // unmounted, which the navigation home may already have done.
  const remove = useDeleteAccount(() => {
    navigate("/");
    notify("Your account is deleted.", "success");
  });
  const [confirming, setConfirming] = useState<Password | null>(null);
  const [needsGoogle, setNeedsGoogle] = useState(false);
  const form = useSchemaForm({ schema: passwordSchema, defaultValues: { password: "" } });

  const confirm = () => {
    if (!confirming || remove.isPending) return;
    remove.mutate(confirming.password ? { password: confirming.password } : {}, {
      onError: (error) => {
        setConfirming(null);
        if (isApiError(error, "reauthentication-required")) setNeedsGoogle(true);
        else showRefusal(form, error);
      },
    });
  };

  return (
    <>
      <p>{DELETION_CONSEQUENCES}</p>
      <FormFrame
        form={form}
        onSubmit={form.handleSubmit(setConfirming)}
        label="Delete my account"
        submitLabel="Delete my account"
        pending={remove.isPending}
        danger
        buttonRow
        notice={
          needsGoogle && (
            <div className="account-actions">
              <p role="status">
                To delete an account without a password, sign in with Google again, then come back
                here within 10 minutes.
              </p>
              <GoogleButton intent="login" next="/settings">
                Sign in with Google again
              </GoogleButton>
            </div>
          )
        }
      >
        <PasswordField
          form={form}
          name="password"
          label="Password"
          hint="Signed up with Google? Leave it empty."
          autoComplete="current-password"
        />
      </FormFrame>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete your account?"
        confirmLabel="Delete my account permanently"
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        <p>{DELETION_CONSEQUENCES} This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
