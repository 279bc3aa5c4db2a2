import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../ui/notify.tsx";

/** What the server may add to ?error=… (`until`: a suspension's end); dropped with it. */
const DETAILS = ["until"];
const NONE: readonly string[] = [];

/**
 * A failed Google sign-in comes back as ?error=… (and its details): shows the notice once, then
 * drops the parameters so a reload does not show it again. A code in `atForm` is no notice: its
 * message is answered, kept after the parameters go, for the page to show at its form, where the
 * visitor is (issue 34: a suspended account is told why and until when on the sign-in form).
 */
export function useGoogleErrorNotice(
  messageFor: (code: string, params: URLSearchParams) => string,
  { atForm = NONE }: { atForm?: readonly string[] } = {},
): string | null {
  const [params, setParams] = useSearchParams();
  const code = params.get("error");
  const shown = useRef<string | null>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!code || shown.current === code) return;
    shown.current = code;
    if (atForm.includes(code)) setFormMessage(messageFor(code, params));
    else notify(messageFor(code, params), "error");
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ["error", ...DETAILS]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [code, params, messageFor, setParams, atForm]);

  return formMessage;
}
