import { useState } from "react";
import { Link } from "react-router";
import { forgotPasswordBodySchema } from "../../shared/accounts.ts";
import { CardPage } from "../ui/card-page.tsx";
import { FormFrame } from "../ui/form-frame.tsx";
import { EmailField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { MAIL_UNAVAILABLE_TEXT } from "./account-texts.ts";
import { useForgotPassword } from "./api/forgot-password.ts";
import { useMailUnavailable } from "./api/mail-status.ts";
import "./accounts.css";

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not an account uses
 * the address, so the page cannot tell anyone which addresses have accounts.
 */
export function ForgotPasswordPage() {
  const mailUnavailable = useMailUnavailable();
  const [outcome, setOutcome] = useState<"form" | "sent" | "mail-unavailable">("form");
  const shown = mailUnavailable ? "mail-unavailable" : outcome;

  return (
    <CardPage
      title="Forgot password"
      lead="Enter the email of your account and we send you a link to choose a new password."
    >
      {shown === "form" && (
        <ForgotPasswordForm
          onSent={() => setOutcome("sent")}
          onMailUnavailable={() => setOutcome("mail-unavailable")}
        />
      )}
      {shown === "sent" && (
        <p role="status" className="account-confirmation">
          If an account uses that email, we sent it a link to reset the password. It works for one
          hour.
        </p>
      )}
      {shown === "mail-unavailable" && <p className="error-text">{MAIL_UNAVAILABLE_TEXT}</p>}
      <p className="auth-switch">
        <Link to="/login">Back to login</Link>
      </p>
    </CardPage>
  );
}

function ForgotPasswordForm({
  onSent,
  onMailUnavailable,
}: {
  onSent: () => void;
  onMailUnavailable: () => void;
}) {
  const { form, frame } = useMutationForm(useForgotPassword(), {
    schema: forgotPasswordBodySchema,
    defaultValues: { email: "" },
    onSuccess: onSent,
    refusals: { "mail-unavailable": onMailUnavailable },
  });

  return (
    <FormFrame {...frame} label="Forgot password" submitLabel="Send reset link">
      <EmailField form={form} name="email" label="Email" />
    </FormFrame>
  );
}
