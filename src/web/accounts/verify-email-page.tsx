import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../api/client.ts";
import { useSession } from "../auth/index.ts";
import { CardPage } from "../ui/card-page.tsx";
import { useVerifyEmail } from "./api/verify-email.ts";
import { InvalidLink } from "./invalid-link.tsx";
import { ResendVerificationButton } from "./resend-verification-button.tsx";
import "./accounts.css";

/**
 * /verify-email?token=…: the emailed link (a new account's, or a new address's) is sent to the
 * server as soon as the page opens, once per token.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single use: React's development double effects must not send it twice.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token || (verify.error instanceof ApiError && verify.error.code === "invalid-token")) {
    return (
      <CardPage title="Verify your email">
        <InvalidLink>
          <AskForNewLink />
        </InvalidLink>
      </CardPage>
    );
  }
  if (verify.isError) {
    return (
      <CardPage title="Verify your email">
        <p className="error-text">{verify.error.message}</p>
        <button type="button" className="button" onClick={() => mutate(token)}>
          Try again
        </button>
      </CardPage>
    );
  }
  if (verify.isSuccess) {
    return (
      <CardPage title="Verify your email">
        <p role="status" className="account-confirmation">
          Your email is verified.
        </p>
        {verify.data.user.email && (
          <p>
            Your account's email is <strong>{verify.data.user.email}</strong>.
          </p>
        )}
        <Continue />
      </CardPage>
    );
  }
  return (
    <CardPage title="Verify your email">
      <p className="muted" aria-busy="true">
        Checking your link...
      </p>
    </CardPage>
  );
}

/** Signed in and still unverified: a new link at once; otherwise how to get one. */
function AskForNewLink() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) {
    return (
      <p>
        Verification links work once, for 24 hours. <Link to="/login">Sign in</Link> to ask for a
        new one.
      </p>
    );
  }
  if (user.emailVerified) {
    return (
      <p>
        Your email {user.email} is verified already. <Link to="/feed">Go to the feed</Link>.
      </p>
    );
  }
  return (
    <div className="account-actions">
      <p>Verification links work once, for 24 hours.</p>
      <ResendVerificationButton label="Send a new link" />
    </div>
  );
}

function Continue() {
  const session = useSession();
  return session.data?.user ? (
    <Link to="/feed" className="button">
      Go to the feed
    </Link>
  ) : (
    <Link to="/login" className="button">
      Sign in
    </Link>
  );
}
