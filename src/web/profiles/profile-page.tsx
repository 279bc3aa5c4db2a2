import { Navigate, useParams } from "react-router";
import { useSession } from "../auth/use-session.ts";
import { ProfileView } from "./profile-view.tsx";

/**
 * /user/:username shows anyone's profile; /userProfile the signed-in user's own (signed out →
 * /login, no profile yet → /createYourUser).
 */
export function ProfilePage() {
  const { username } = useParams();
  const session = useSession();
  if (username) return <ProfileView key={username} username={username} />;

  if (session.isPending) return <p className="muted">Loading...</p>;
  if (session.isError) {
    return (
      <section className="centered-card">
        <h1>Profile</h1>
        <p className="error-text">An error occurred while checking authentication.</p>
        <button type="button" className="button" onClick={() => session.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!session.data.user) return <Navigate to="/login" replace />;
  if (!session.data.profile) return <Navigate to="/createYourUser" replace />;
  return <ProfileView username={session.data.profile.username} />;
}
