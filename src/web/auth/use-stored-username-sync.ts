import { useEffect } from "react";
import { clearStoredUsername, storeUsername } from "./stored-username.ts";
import { useSession } from "./use-session.ts";

/**
 * Keeps local storage's 'user' (SPEC §3) in step with the live session: set once a profile is
 * known (after Google sign-in, in a new tab), cleared when the session turns out signed out.
 */
export function useStoredUsernameSync(): void {
  const session = useSession();
  const signedOut = session.isSuccess && !session.data.user;
  const username = session.data?.profile?.username;
  useEffect(() => {
    if (username) storeUsername(username);
    else if (signedOut) clearStoredUsername();
  }, [username, signedOut]);
}
