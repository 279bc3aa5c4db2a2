import { useEffect } from "react";
import { useNavigate } from "react-router";
import { takeReturnPath } from "./return-path.ts";
import { useSession } from "./use-session.ts";

/** After a Google sign-in started from `/login?next=…`, goes on to that address. */
export function useReturnAfterSignIn(): void {
  const session = useSession();
  const navigate = useNavigate();
  const member = Boolean(session.data?.profile);
  useEffect(() => {
    if (!member) return;
    const path = takeReturnPath();
    if (path) void navigate(path, { replace: true });
  }, [member, navigate]);
}
