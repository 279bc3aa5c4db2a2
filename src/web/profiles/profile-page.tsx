import { Navigate, useParams } from "react-router";
import { SessionUnknown, signInPathFor, useSession } from "../auth/index.ts";
import { ProfileView } from "./profile-view.tsx";

/**
 * /user/:username shows anyone's profile; /userProfile the signed-in user's own (signed out →
 * sign in and back, no profile yet → /createYourUser).
 */
export function ProfilePage() {
  const { username } = useParams();
  const session = useSession();
  if (username) return <ProfileView key={username} username={username} />;

  if (!session.isSuccess) return <SessionUnknown session={session} title="Profile" />;
  if (!session.data.user) return <Navigate to={signInPathFor("/userProfile")} replace />;
  if (!session.data.profile) return <Navigate to="/createYourUser" replace />;
  return <ProfileView username={session.data.profile.username} />;
}
