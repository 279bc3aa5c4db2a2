import { useEffect, useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { Credentials } from "../../shared/auth.ts";
import { formErrorOf, setFormError } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { dismissNotices } from "../ui/notify.tsx";
import { EmailField, PasswordField } from "../ui/text-field.tsx";
import { useSchemaForm } from "../ui/use-schema-form.ts";

type CredentialsFormApi = UseFormReturn<Credentials, unknown, Credentials>;

type Props = {
  submitLabel: string;
  pending: boolean;
  passwordAutoComplete: "current-password" | "new-password";
  passwordHint?: string;
  /** A refusal that came back to the page (a Google sign-in's), said as one about the whole attempt. */
  refusal?: string | null;
  /** Sends the credentials; a refusal goes on the fields or the whole form through `form`. */
  onSubmit: (credentials: Credentials, form: CredentialsFormApi) => void;
};

/**
 * Email and password, labelled, usable with the keyboard alone; the button waits while sending.
 * The server checks them (its answers name the field at fault), but for an empty email, asked for
 * before sending; a message about the whole attempt shows above the button and describes both fields.
 */
export function CredentialsForm({
  submitLabel,
  pending,
  passwordAutoComplete,
  passwordHint,
  refusal,
  onSubmit,
}: Props) {
  const form = useSchemaForm<Credentials, Credentials>({
    defaultValues: { email: "", password: "" },
  });
  useEffect(() => {
    if (refusal) setFormError(form, refusal);
  }, [form, refusal]);
  const formErrorId = useId();
  const describedByFormError = formErrorOf(form) ? formErrorId : undefined;

  return (
    <FormFrame
      form={form}
      onSubmit={form.handleSubmit((credentials) => {
        if (pending) return;
        // A new attempt: the last one's notice (SPEC §8's alert) no longer applies (issue 34).
        dismissNotices();
        // Nothing typed is not a badly formatted address (issue 20): asked for here, unsent.
        if (!credentials.email.trim()) {
          form.setError(
            "email",
            { type: "required", message: "Enter your email." },
            { shouldFocus: true },
          );
          return;
        }
        onSubmit(credentials, form);
      })}
      submitLabel={submitLabel}
      pending={pending}
      errorId={formErrorId}
    >
      <EmailField form={form} name="email" label="Email" formErrorId={describedByFormError} />
      <PasswordField
        form={form}
        name="password"
        label="Password"
        hint={passwordHint}
        autoComplete={passwordAutoComplete}
        required
        formErrorId={describedByFormError}
      />
    </FormFrame>
  );
}
