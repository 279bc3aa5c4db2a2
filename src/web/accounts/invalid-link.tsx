import type { ReactNode } from "react";
import { INVALID_LINK_TEXT } from "./account-texts.ts";

/** An emailed link that cannot be used (forged, expired, used, cut short), and what to do instead. */
export function InvalidLink({ children }: { children: ReactNode }) {
  return (
    <div className="invalid-link">
      <p className="error-text" role="alert">
        {INVALID_LINK_TEXT}
      </p>
      {children}
    </div>
  );
}
