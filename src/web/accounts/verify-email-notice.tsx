import { useLocation } from "react-router";
import { useSession } from "../auth/index.ts";
import { MAIL_UNAVAILABLE_TEXT } from "./account-texts.ts";
import { useMailUnavailable } from "./api/mail-status.ts";
import { ResendVerificationButton } from "./resend-verification-button.tsx";
import "./verify-email-notice.css";

/**
 * Under the top bar while the signed-in account's email is unverified: says so and offers a new
 * link. Not on the page that is verifying it.
 */
export function VerifyEmailNotice() {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session.data?.user;
  const unverified = Boolean(user && !user.emailVerified && pathname !== "/verify-email");
  const mailUnavailable = useMailUnavailable(unverified);
  if (!user || !unverified) return null;
  return (
    <aside className="verify-email-notice" aria-label="Email verification">
      <div className="verify-email-notice-inner">
        <p>
          Please verify your email address.{" "}
          <span className="muted">
            {mailUnavailable ? MAIL_UNAVAILABLE_TEXT : `Use the link we emailed to ${user.email}.`}
          </span>
        </p>
        {!mailUnavailable && <ResendVerificationButton />}
      </div>
    </aside>
  );
}
