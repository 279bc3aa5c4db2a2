import { useSearchParams } from "react-router";
import { safeReturnPath } from "./return-path.ts";

/** The page to go back to after signing in or making the profile (`?next=`), when it is ours. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get("next"));
}
