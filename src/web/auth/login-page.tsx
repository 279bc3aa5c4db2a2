import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../api/client.ts";
import { CardPage } from "../ui/card-page.tsx";
import { setFormError } from "../ui/form-errors.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useLogin } from "./api/login.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleButton } from "./google-button.tsx";
import { googleSuspendedText, loginErrorText, pausedSignInText } from "./login-error-text.ts";
import { rememberReturnPath, safeReturnPath } from "./return-path.ts";
import { storeUsername } from "./stored-username.ts";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import "./auth.css";

/** Why a Google sign-in came back here: SPEC §8's words, or how long the account is suspended. */
const googleFailure = (code: string, params: URLSearchParams) =>
  code === "account-suspended" ? googleSuspendedText(params.get("until")) : "Error when signing in";

/** /login: email and password, or Google (SPEC §2, §4, §8). */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get("next"));
  useGoogleErrorNotice(googleFailure);

  return (
    <CardPage title="Login" lead="Welcome back. Sign in to see the feed, post and chat.">
      <CredentialsForm
        submitLabel="Sign in"
        pending={login.isPending}
        passwordAutoComplete="current-password"
        onSubmit={(credentials, form) => {
          login.mutate(credentials, {
            onSuccess: async (session) => {
              dismissNotices(); // earlier failure notices no longer apply
              notify("Successfully Logged In", "success");
              if (session.profile) storeUsername(session.profile.username);
              await navigate(session.profile ? (next ?? "/feed") : "/createYourUser");
            },
            onError: (failure) => {
              const code = failure instanceof ApiError ? failure.code : "unknown";
              if (code === "account-suspended") {
                // The server's words say until when: shown once, as they are (issue 16).
                setFormError(form, failure.message);
                return;
              }
              const pausedUntil = failure instanceof ApiError ? failure.fields.pausedUntil : null;
              const paused = pausedUntil ? pausedSignInText(pausedUntil) : null;
              const text = paused ?? loginErrorText(code);
              if (code === "invalid-email")
                form.setError("email", { type: "server", message: text });
              else setFormError(form, text);
              notify(failure.message, "error");
            },
          });
        }}
      />
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p className="auth-divider">
        <span>or</span>
      </p>
      <GoogleButton intent="login" onLeave={() => rememberReturnPath(next)}>
        Sign in with Google
      </GoogleButton>
      <p className="auth-switch">
        No account yet? <Link to="/register">Register</Link>
      </p>
    </CardPage>
  );
}
