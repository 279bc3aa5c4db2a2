import { Link, useLocation } from "react-router";
import { signInPathFor } from "./return-path.ts";

/** 'Sign in', to come back to this page afterwards: for what only members may do here. */
export function SignInLink() {
  const { pathname, search } = useLocation();
  return <Link to={signInPathFor(pathname + search)}>Sign in</Link>;
}
