import type { ReactNode } from "react";
import { install, usePwaState } from "./pwa-state.ts";

/**
 * Settings' "Install app" (issue 31): there whenever the browser offers to install the app, unlike
 * the suggestion strip, which waits for a first post or message. `frame` wraps it in the page's
 * section; nothing shows while there is no offer.
 */
export function InstallAppSection({ frame }: { frame: (content: ReactNode) => ReactNode }) {
  const { installOffer } = usePwaState();
  if (!installOffer) return null;
  return frame(
    <>
      <p>Open Your Local Talents from your home screen or desktop, like an app, even offline.</p>
      <button type="button" className="button" onClick={() => void install()}>
        Install app
      </button>
    </>,
  );
}
