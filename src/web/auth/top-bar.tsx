import type { ReactNode } from "react";
import { Link } from "react-router";
import { SignInLinks } from "./sign-in-links.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { readStoredUsername } from "./stored-username.ts";
import { useReturnAfterSignIn } from "./use-return-after-sign-in.ts";
import { useSession } from "./use-session.ts";
import { useStoredUsernameSync } from "./use-stored-username-sync.ts";

/**
 * SPEC §2's top bar: the logo, `search` (the app's search field, issue 18), then Feed, Profile,
 * Settings (issue 15), `moreLinks` (the app's: Messages for members (issue 17), Moderation for
 * moderators (issue 16)) and Sign out, or Login and Register.
 */
export function TopBar({ search, moreLinks }: { search?: ReactNode; moreLinks?: ReactNode }) {
  const session = useSession();
  useStoredUsernameSync();
  useReturnAfterSignIn();
  const signedIn = Boolean(session.data?.user);
  const username = session.data?.profile?.username ?? (signedIn ? readStoredUsername() : null);
  return (
    <header className={signedIn ? "top-bar top-bar-member" : "top-bar"}>
      <nav className="top-bar-inner" aria-label="Main">
        <Link to="/" className="logo">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Your Local Talents</span>
        </Link>
        {search}
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
              <Link to="/settings" className="button button-ghost">
                Settings
              </Link>
              {moreLinks}
              <SignOutButton />
            </>
          ) : (
            session.isSuccess && <SignInLinks emphasis="register" />
          )}
        </div>
      </nav>
    </header>
  );
}
