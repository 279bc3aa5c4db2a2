import { useState } from "react";
import { changeEmailBodySchema } from "../../shared/accounts.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { EmailField, PasswordField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { MAIL_UNAVAILABLE_TEXT } from "./account-texts.ts";
import { useChangeEmail } from "./api/change-email.ts";
import { useMailUnavailable } from "./api/mail-status.ts";

/**
 * Settings → Change email: a link goes to the new address, and the account's email changes only
 * once it is followed (the current address is told).
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const mailUnavailable = useMailUnavailable();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusedForMail, setRefusedForMail] = useState(false);

  const intro = currentEmail && (
    <p>
      Your account's email is <strong>{currentEmail}</strong>.
    </p>
  );
  if (mailUnavailable || refusedForMail) {
    return (
      <>
        {intro}
        <p className="error-text">{MAIL_UNAVAILABLE_TEXT}</p>
      </>
    );
  }
  return (
    <>
      {intro}
      {sentTo && (
        <p role="status" className="account-confirmation">
          We sent a link to {sentTo}. Your email changes once you follow it.
        </p>
      )}
      <EmailForm onSent={setSentTo} onMailUnavailable={() => setRefusedForMail(true)} />
    </>
  );
}

function EmailForm({
  onSent,
  onMailUnavailable,
}: {
  onSent: (email: string) => void;
  onMailUnavailable: () => void;
}) {
  const { form, frame } = useMutationForm(useChangeEmail(), {
    schema: changeEmailBodySchema,
    defaultValues: { email: "", currentPassword: "" },
    request: ({ email, currentPassword }) =>
      currentPassword ? { email, currentPassword } : { email },
    onSuccess: (_sent, { email }) => {
      form.reset();
      onSent(email);
    },
    refusals: { "mail-unavailable": onMailUnavailable },
  });

  return (
    <FormFrame {...frame} label="Change email" submitLabel="Send confirmation link">
      <EmailField form={form} name="email" label="New email" />
      <PasswordField
        form={form}
        name="currentPassword"
        label="Current password"
        hint="Signed up with Google? Leave it empty."
        autoComplete="current-password"
      />
    </FormFrame>
  );
}
