import { Link, useNavigate } from "react-router";
import { ApiError } from "../api/client.ts";
import { CardPage } from "../ui/card-page.tsx";
import { setFormError } from "../ui/form-errors.ts";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useLogin } from "./api/login.ts";
import { CredentialsForm } from "./credentials-form.tsx";
import { GoogleOption } from "./google-option.tsx";
import { googleSuspendedText, loginRefusal } from "./login-error-text.ts";
import { pathAfterSignIn, registerPathFor } from "./return-path.ts";
import { SignedInAlready } from "./signed-in-already.tsx";
import { storeUsername } from "./stored-username.ts";
import { useGoogleErrorNotice } from "./use-google-error-notice.ts";
import { useReturnPath } from "./use-return-path.ts";
import "./auth.css";

/** Why a Google sign-in came back here: SPEC §8's words, or how long the account is suspended. */
const googleFailure = (code: string, params: URLSearchParams) =>
  code === "account-suspended" ? googleSuspendedText(params.get("until")) : "Error when signing in";
/** Google refusals said on the form rather than as SPEC's alert: the suspension (issue 34). */
const AT_FORM = ["account-suspended"];

/**
 * /login: email and password, or Google (SPEC §2, §4, §8), then the feed, or the page that sent
 * the visitor here (`?next=`, issue 20). Called 'Sign in' throughout, but for SPEC's top-bar Login.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const next = useReturnPath();
  const googleRefusal = useGoogleErrorNotice(googleFailure, { atForm: AT_FORM });

  return (
    <CardPage
      title="Sign in"
      lead={
        next
          ? "Sign in to continue: you will be taken back to the page you asked for."
          : "Welcome back. Sign in to see the feed, post and chat."
      }
    >
      <SignedInAlready next={next} busy={login.isPending || login.isSuccess} />
      <CredentialsForm
        submitLabel="Sign in"
        pending={login.isPending}
        passwordAutoComplete="current-password"
        refusal={googleRefusal}
        onSubmit={(credentials, form) => {
          login.mutate(credentials, {
            onSuccess: async (session) => {
              dismissNotices(); // earlier failure notices no longer apply
              notify("Successfully Logged In", "success");
              if (session.profile) storeUsername(session.profile.username);
              await navigate(pathAfterSignIn(Boolean(session.profile), next));
            },
            onError: (failure) => {
              // One message per refusal: an earlier attempt's notice ("…incorrect") would
              // contradict this one (issue 34: a paused sign-in under a leftover notice).
              dismissNotices();
              const refusal =
                failure instanceof ApiError
                  ? loginRefusal(failure.code, failure.message, failure.fields.pausedUntil)
                  : loginRefusal("unknown", failure.message);
              if (refusal.field === "email") {
                form.setError("email", { type: "server", message: refusal.text });
              } else setFormError(form, refusal.text);
              if (refusal.notice) notify(refusal.notice, "error");
            },
          });
        }}
      />
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <GoogleOption intent="login" next={next}>
        Sign in with Google
      </GoogleOption>
      <p className="auth-switch">
        No account yet? <Link to={registerPathFor(next)}>Register</Link>
      </p>
    </CardPage>
  );
}
