import { useNavigate } from "react-router";
import { MutationButton } from "../ui/mutation-button.tsx";
import { useLogout } from "./api/logout.ts";

/** Signs out (server session revoked, local storage cleared), then goes to / (SPEC §2). */
export function SignOutButton() {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate("/"));
  return <MutationButton mutation={logout}>Sign out</MutationButton>;
}
