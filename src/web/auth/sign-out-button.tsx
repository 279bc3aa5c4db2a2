import { useNavigate } from "react-router";
import { notify } from "../ui/notify.tsx";
import { useLogout } from "./api/logout.ts";

/** Signs out (server session revoked, local storage cleared), then goes to / (SPEC §2). */
export function SignOutButton() {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate("/"));
  return (
    <button
      type="button"
      className="button button-ghost"
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (error) => notify(error.message, "error"),
        })
      }
    >
      Sign out
    </button>
  );
}
