import { Link } from "react-router";
import type { PublicProfile } from "../../shared/profiles.ts";
import { SignInLink } from "../auth/index.ts";
import { conversationAddress } from "../messages/index.ts";

/** Who is looking, as far as contacting someone goes; "unknown" while the session loads. */
export type ContactViewer = "unknown" | "signed-out" | "no-profile" | "member";

/** How to reach someone whose email is hidden from this viewer. */
function OtherWayToContact({ username, viewer }: { username: string; viewer: ContactViewer }) {
  switch (viewer) {
    case "signed-out":
      return (
        <p className="muted">
          <SignInLink /> to contact {username}.
        </p>
      );
    case "no-profile":
      return (
        <p className="muted">
          <Link to="/createYourUser">Create your profile</Link> to contact {username}.
        </p>
      );
    case "member":
      return (
        <p>
          <Link to={conversationAddress(username)}>Chat to {username}</Link>
        </p>
      );
    default:
      return null;
  }
}

/** Told to the owner only (show_email is answered to them alone): who sees their email. */
function OwnEmailVisibility({ showEmail, verified }: { showEmail: boolean; verified: boolean }) {
  let text = "Only you can see your email.";
  if (showEmail) {
    text = verified
      ? "Signed-in members can see your email."
      : "Signed-in members will see your email once you verify it.";
  }
  return <p className="muted">{text}</p>;
}

/** The Contact Information section's body (SPEC §2): the email, hidden, or 'Email: No Email'. */
export function ContactInformation({
  profile,
  viewer,
  ownEmailVerified = true,
}: {
  profile: PublicProfile;
  viewer: ContactViewer;
  /** On the owner's own page: whether their address is verified (others see it only then). */
  ownEmailVerified?: boolean;
}) {
  if (profile.email) {
    return (
      <>
        <p>
          Email: <a href={`mailto:${profile.email}`}>{profile.email}</a>
        </p>
        {profile.show_email !== undefined && (
          <OwnEmailVisibility showEmail={profile.show_email} verified={ownEmailVerified} />
        )}
      </>
    );
  }
  if (profile.email_hidden) {
    return (
      <>
        <p className="muted">Email: hidden</p>
        <OtherWayToContact username={profile.username} viewer={viewer} />
      </>
    );
  }
  return <p className="muted">Email: No Email</p>;
}
