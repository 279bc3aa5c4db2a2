import { Link, useNavigate } from "react-router";
import { googleErrorMessage } from "../../shared/auth.ts";
import { CardPage } from "../ui/card-page.tsx";
import { showRefusal } from "../ui/form-errors.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useRegister } from "./api/register.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleButton } from "./google-button.tsx";
import { NEW_PASSWORD_HINT } from "./password-hint.ts";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import "./auth.css";

/** /register: create an account with email and password, or Google; then /createYourUser. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  useGoogleErrorNotice(googleErrorMessage);

  return (
    <CardPage
      title="Register"
      lead="Create your account, then choose a username and the skills you offer."
    >
      <CredentialsForm
        submitLabel="Create account"
        pending={register.isPending}
        passwordAutoComplete="new-password"
        passwordHint={NEW_PASSWORD_HINT}
        onSubmit={(credentials, form) => {
          register.mutate(credentials, {
            onSuccess: () => {
              dismissNotices(); // earlier failure notices no longer apply
              return navigate("/createYourUser");
            },
            onError: (error) => {
              // The provider's message as a notice (SPEC §8), and next to the field it is about.
              notify(error.message, "error");
              showRefusal(form, error, { focus: false });
            },
          });
        }}
      />
      <p className="auth-divider">
        <span>or</span>
      </p>
      <GoogleButton intent="register">Sign up with Google</GoogleButton>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </CardPage>
  );
}
