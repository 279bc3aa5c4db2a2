import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { googleErrorMessage } from "../../shared/auth.ts";
import { ApiError } from "../api/client.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useRegister } from "./api/register.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleButton } from "./google-button.tsx";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import "./auth.css";

type Failure = { email?: string; password?: string; form?: string };

/** /register: create an account with email and password, or Google; then /createYourUser. */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [failure, setFailure] = useState<Failure>({});
  useGoogleErrorNotice(googleErrorMessage);

  return (
    <section className="auth-page">
      <title>Register · Your Local Talents</title>
      <div className="card auth-card">
        <h1>Register</h1>
        <p className="muted">
          Create your account, then choose a username and the skills you offer.
        </p>
        <CredentialsForm
          submitLabel="Create account"
          pending={register.isPending}
          passwordAutoComplete="new-password"
          passwordHint="At least 6 characters; very common passwords are refused."
          fieldErrors={failure}
          formError={failure.form ?? null}
          onSubmit={(credentials) => {
            setFailure({});
            register.mutate(credentials, {
              onSuccess: () => {
                dismissNotices(); // earlier failure notices no longer apply
                return navigate("/createYourUser");
              },
              onError: (error) => {
                // The provider's message as a notice (SPEC §8), and next to the field it is about.
                notify(error.message, "error");
                const fields = error instanceof ApiError ? error.fields : {};
                setFailure(
                  fields.email || fields.password
                    ? { email: fields.email, password: fields.password }
                    : { form: error.message },
                );
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
      </div>
    </section>
  );
}
