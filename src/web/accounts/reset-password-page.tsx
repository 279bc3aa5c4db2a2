import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPasswordBodySchema } from "../../shared/accounts.ts";
import { NewPasswordField } from "../auth/index.ts";
import { CardPage } from "../ui/card-page.tsx";
import { FormFrame } from "../ui/form-frame.tsx";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useResetPassword } from "./api/reset-password.ts";
import { InvalidLink } from "./invalid-link.tsx";
import "./accounts.css";

/** The token comes from the link, not from a field. */
const newPasswordSchema = resetPasswordBodySchema.pick({ password: true });

/**
 * /reset-password?token=…: the emailed link's form. Whether the token is good only the server
 * knows, so the form shows first; a refused token (or none in the link) turns the page into the
 * invalid-link message with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [refusedToken, setRefusedToken] = useState<string | null>(null);

  if (!token || refusedToken === token) {
    return (
      <CardPage title="Reset your password">
        <InvalidLink>
          <div className="account-actions">
            <p>Reset links work once, for one hour.</p>
            <Link to="/forgot-password" className="button">
              Ask for a new link
            </Link>
          </div>
        </InvalidLink>
      </CardPage>
    );
  }
  return (
    <CardPage title="Reset your password" lead="Choose a new password for your account.">
      <ResetPasswordForm token={token} onInvalidToken={() => setRefusedToken(token)} />
    </CardPage>
  );
}

function ResetPasswordForm({
  token,
  onInvalidToken,
}: {
  token: string;
  onInvalidToken: () => void;
}) {
  const navigate = useNavigate();
  const { form, frame } = useMutationForm(useResetPassword(), {
    schema: newPasswordSchema,
    defaultValues: { password: "" },
    request: ({ password }) => ({ token, password }),
    onSuccess: () => {
      dismissNotices(); // earlier failure notices no longer apply
      notify("Your new password is set. You are signed in.", "success");
      return navigate("/feed");
    },
    refusals: { "invalid-token": onInvalidToken },
  });

  return (
    <FormFrame {...frame} label="Reset your password" submitLabel="Set new password">
      <NewPasswordField form={form} name="password" />
    </FormFrame>
  );
}
