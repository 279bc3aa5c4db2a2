import { Link } from "react-router";
import { SignOutButton } from "../auth/sign-out-button.tsx";
import { readStoredUsername } from "../auth/stored-username.ts";
import { useSession } from "../auth/use-session.ts";
import { useStoredUsernameSync } from "../auth/use-stored-username-sync.ts";

/** SPEC §2's top bar: the logo, then Feed, Profile and Sign out, or Login and Register. */
export function TopBar() {
  const session = useSession();
  useStoredUsernameSync();
  const signedIn = Boolean(session.data?.user);
  const username = session.data?.profile?.username ?? (signedIn ? readStoredUsername() : null);
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
              <Link
                to={username ? `/user/${encodeURIComponent(username)}` : "/createYourUser"}
                className="button button-ghost"
              >
                Profile
              </Link>
              <SignOutButton />
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
