import { Link } from "react-router";
import { useSession } from "../auth/use-session.ts";

export function TopBar() {
  const session = useSession();
  const profile = session.data?.profile;
  const signedIn = Boolean(session.data?.user);
  return (
    <header className="top-bar">
      <nav className="top-bar-inner" aria-label="Main">
        <Link to="/" className="logo">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Your Local Talents</span>
        </Link>
        <div className="top-bar-actions">
          {signedIn ? (
            <>
              <Link to="/feed" className="button button-ghost">
                Feed
              </Link>
              {profile && (
                <Link to={`/user/${profile.username}`} className="button button-ghost">
                  Profile
                </Link>
              )}
            </>
          ) : (
            session.isSuccess && (
              <>
                <Link to="/login" className="button button-ghost">
                  Login
                </Link>
                <Link to="/register" className="button">
                  Register
                </Link>
              </>
            )
          )}
        </div>
      </nav>
    </header>
  );
}
