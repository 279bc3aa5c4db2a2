import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import { notify } from "../ui/notify.tsx";
import { useSession } from "./use-session.ts";

/**
 * The /feed guard (SPEC §2): waits for the authentication state (nothing of the page shows until
 * then), then shows the page, or says why not and goes home. A signed-in identity that has not
 * chosen its username yet is sent to /createYourUser first.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  // Only the first answer decides: a later failed background refresh does not throw a reader out.
  const denied =
    session.isError && !session.data
      ? "error"
      : session.isSuccess && !session.data.user
        ? "signed-out"
        : null;

  useEffect(() => {
    if (denied === "error") notify("An error occurred while checking authentication.", "error");
    if (denied === "signed-out") notify("You don't have access!", "error");
  }, [denied]);

  if (denied) return <Navigate to="/" replace />;
  if (!session.data) return <p className="muted">Loading...</p>;
  if (session.data.user && !session.data.profile) return <Navigate to="/createYourUser" replace />;
  return children;
}
