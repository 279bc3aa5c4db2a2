import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../api/client.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useLogin } from "./api/login.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleButton } from "./google-button.tsx";
import { loginErrorText, pausedSignInText } from "./login-error-text.ts";
import { storeUsername } from "./stored-username.ts";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import "./auth.css";

const googleFailure = () => "Error when signing in";

/** /login: email and password, or Google (SPEC §2, §4, §8). */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [error, setError] = useState<{ code: string; text: string } | null>(null);
  useGoogleErrorNotice(googleFailure);

  return (
    <section className="auth-page">
      <title>Login · Your Local Talents</title>
      <div className="card auth-card">
        <h1>Login</h1>
        <p className="muted">Welcome back. Sign in to see the feed, post and chat.</p>
        <CredentialsForm
          submitLabel="Sign in"
          pending={login.isPending}
          passwordAutoComplete="current-password"
          fieldErrors={error?.code === "invalid-email" ? { email: error.text } : {}}
          formError={error && error.code !== "invalid-email" ? error.text : null}
          onSubmit={(credentials) => {
            setError(null);
            login.mutate(credentials, {
              onSuccess: async (session) => {
                dismissNotices(); // earlier failure notices no longer apply
                notify("Successfully Logged In", "success");
                if (session.profile) storeUsername(session.profile.username);
                await navigate(session.profile ? "/feed" : "/createYourUser");
              },
              onError: (failure) => {
                const code = failure instanceof ApiError ? failure.code : "unknown";
                const pausedUntil = failure instanceof ApiError ? failure.fields.pausedUntil : null;
                const paused = pausedUntil ? pausedSignInText(pausedUntil) : null;
                setError({ code, text: paused ?? loginErrorText(code) });
                notify(failure.message, "error");
              },
            });
          }}
        />
        <p className="auth-divider">
          <span>or</span>
        </p>
        <GoogleButton intent="login">Sign in with Google</GoogleButton>
        <p className="auth-switch">
          No account yet? <Link to="/register">Register</Link>
        </p>
      </div>
    </section>
  );
}
