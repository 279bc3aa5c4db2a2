import type { ReactNode } from "react";
import { Link } from "react-router";
import { SignInLinks } from "./sign-in-links.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { readStoredUsername } from "./stored-username.ts";
import { TopBarMenu } from "./top-bar-menu.tsx";
import { useSession } from "./use-session.ts";
import { useStoredUsernameSync } from "./use-stored-username-sync.ts";

/** The public chat room, for everyone; on a visitor's phone a speech bubble, drawn by styles.css. */
function ChatLink() {
  return (
    <Link to="/chatapp" className="button button-ghost top-bar-chat">
      <span className="chat-label">Chat</span>
    </Link>
  );
}

/**
 * SPEC §2's top bar: the logo, `search` (the app's search field, issue 18), then for members
 * `memberLinks` (the app's: the bell (issue 30) and Messages (issue 17)) and, in a menu on phones
 * (issue 34), Feed, Profile, Settings (issue 15), Chat (issue 20), `menuLinks` (Moderation for
 * moderators, issue 16) and Sign out; for visitors Chat, Login and Register.
 */
export function TopBar({
  search,
  memberLinks,
  menuLinks,
}: {
  search?: ReactNode;
  memberLinks?: ReactNode;
  menuLinks?: ReactNode;
}) {
  const session = useSession();
  useStoredUsernameSync();
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
              {memberLinks}
              <TopBarMenu>
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
                <ChatLink />
                {menuLinks}
                <SignOutButton />
              </TopBarMenu>
            </>
          ) : (
            // With the others once the session is known: alone before, it would jump when they come.
            session.isSuccess && (
              <>
                <ChatLink />
                <SignInLinks emphasis="register" />
              </>
            )
          )}
        </div>
      </nav>
    </header>
  );
}
