import { Link, useNavigate } from "react-router";
import { googleErrorMessage } from "../../shared/auth.ts";
import { CardPage } from "../ui/card-page.tsx";
import { showRefusal } from "../ui/form-errors.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useRegister } from "./api/register.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleOption } from "./google-option.tsx";
import { NEW_PASSWORD_HINT } from "./password-hint.ts";
import { createProfilePathFor, signInPathFor } from "./return-path.ts";
import { SignedInAlready } from "./signed-in-already.tsx";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import { useReturnPath } from "./use-return-path.ts";
import "./auth.css";

/**
 * /register: create an account with email and password, or Google; then /createYourUser, and on
 * to the page that sent the visitor (`?next=`, issue 20) or the feed.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const next = useReturnPath();
  useGoogleErrorNotice(googleErrorMessage);

  return (
    <CardPage
      title="Register"
      lead="Create your account, then choose a username and the skills you offer."
    >
      <SignedInAlready next={next} busy={register.isPending || register.isSuccess} />
      <CredentialsForm
        submitLabel="Create account"
        pending={register.isPending}
        passwordAutoComplete="new-password"
        passwordHint={NEW_PASSWORD_HINT}
        onSubmit={(credentials, form) => {
          register.mutate(credentials, {
            onSuccess: () => {
              dismissNotices(); // earlier failure notices no longer apply
              return navigate(createProfilePathFor(next));
            },
            onError: (error) => {
              // The provider's message as a notice (SPEC §8), and next to the field it is about.
              notify(error.message, "error");
              showRefusal(form, error, { focus: false });
            },
          });
        }}
      />
      <GoogleOption intent="register" next={next}>
        Sign up with Google
      </GoogleOption>
      <p className="auth-switch">
        Already have an account? <Link to={next ? signInPathFor(next) : "/login"}>Sign in</Link>
      </p>
    </CardPage>
  );
}
