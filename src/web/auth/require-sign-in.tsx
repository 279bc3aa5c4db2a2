import { type ReactNode, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { notify } from "../ui/notify.tsx";
import { createProfilePathFor, signInPathFor } from "./return-path.ts";
import { useSession } from "./use-session.ts";

/**
 * The /feed guard (SPEC §2): waits for the authentication state (nothing of the page shows until
 * then), then shows the page, or says why not. Signed out, SPEC's 'You don't have access!' shows
 * and the visitor goes to sign in, then back here (issue 20: home offered no way in); a failed
 * check goes home as SPEC says. A signed-in identity that has not chosen its username yet is sent
 * to /createYourUser first.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  // Signed in when the page showed, then signed out (here or in another tab): home, as a sign-out
  // goes, without calling it a lack of access.
  const [shown, setShown] = useState(false);
  if (!shown && session.data?.user) setShown(true);
  const left = shown && session.isSuccess && !session.data.user;
  const denied = deniedBy(session, left);

  useEffect(() => {
    if (denied === "error") notify("An error occurred while checking authentication.", "error");
    if (denied === "signed-out") notify("You don't have access!", "error");
  }, [denied]);

  if (denied === "error" || left) return <Navigate to="/" replace />;
  if (denied) return <Navigate to={signInPathFor(pathname + search)} replace />;
  if (!session.data) return <SlowLoading />;
  if (session.data.user && !session.data.profile) {
    const here = pathname + search;
    return <Navigate to={createProfilePathFor(here === "/feed" ? null : here)} replace />;
  }
  return children;
}

/**
 * Why the page is not shown, if it is not. Only the first answer decides: a later failed
 * background refresh does not throw a reader out.
 */
function deniedBy(session: ReturnType<typeof useSession>, left: boolean) {
  if (session.isError && !session.data) return "error";
  if (session.isSuccess && !session.data.user && !left) return "signed-out";
  return null;
}

/** How long the session may take before "Loading..." shows. */
const LOADING_DELAY_MS = 400;

/**
 * "Loading..." only when the session is slow to come: drawn at once, it would be moved down by the
 * member's top bar arriving with the session (a layout shift on every guarded page, issue 20).
 */
function SlowLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return slow ? <p className="muted">Loading...</p> : null;
}
