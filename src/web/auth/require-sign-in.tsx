import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import { notify } from "../ui/notify.tsx";
import { useSession } from "./use-session.ts";

/**
 * The /feed guard (SPEC §2): waits for the authentication state, then either shows the page or
 * says why not and goes home.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const denied = session.isError
    ? "error"
    : session.isSuccess && !session.data.user
      ? "signed-out"
      : null;

  useEffect(() => {
    if (denied === "error") notify("An error occurred while checking authentication.", "error");
    if (denied === "signed-out") notify("You don't have access!", "error");
  }, [denied]);

  if (denied) return <Navigate to="/" replace />;
  if (!session.isSuccess) return <p className="muted">Loading...</p>;
  return children;
}
