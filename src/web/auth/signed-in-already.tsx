import { Navigate } from "react-router";
import { pathAfterSignIn } from "./return-path.ts";
import { useSession } from "./use-session.ts";

/**
 * The sign-in and register pages are not for a signed-in account (issue 20): it goes on to the
 * page that asked (`next`), else the feed, or first to its profile form. `busy`: the page's own
 * sign-in is under way, and its page goes on by itself (with SPEC's 'Successfully Logged In').
 */
export function SignedInAlready({ next, busy }: { next: string | null; busy: boolean }) {
  const session = useSession();
  const user = session.data?.user;
  if (!user || busy) return null;
  return <Navigate to={pathAfterSignIn(Boolean(session.data?.profile), next)} replace />;
}
