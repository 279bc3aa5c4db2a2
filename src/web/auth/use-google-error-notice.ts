import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../ui/notify.tsx";

/** What the server may add to ?error=… (`until`: a suspension's end); dropped with it. */
const DETAILS = ["until"];

/**
 * A failed Google sign-in comes back as ?error=… (and its details): shows the notice once, then
 * drops the parameters so a reload does not show it again.
 */
export function useGoogleErrorNotice(
  messageFor: (code: string, params: URLSearchParams) => string,
): void {
  const [params, setParams] = useSearchParams();
  const code = params.get("error");
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!code || shown.current === code) return;
    shown.current = code;
    notify(messageFor(code, params), "error");
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ["error", ...DETAILS]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [code, params, messageFor, setParams]);
}
