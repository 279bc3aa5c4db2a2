import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../ui/notify.tsx";

/**
 * A failed Google sign-in comes back as ?error=…: shows the notice once, then drops the parameter
 * so a reload does not show it again.
 */
export function useGoogleErrorNotice(messageFor: (code: string) => string): void {
  const [params, setParams] = useSearchParams();
  const code = params.get("error");
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!code || shown.current === code) return;
    shown.current = code;
    notify(messageFor(code), "error");
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [code, messageFor, setParams]);
}
