import { useState } from "react";

const DISMISSED_KEY = "ylt-install-dismissed";

const wasDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
};

/**
 * "Install app", offered only when the browser offers it, and only once the member posted or sent
 * a message (PRODUCT: not on a first visit). "Not now" hides it on this device.
 */
export function InstallSuggestion({ install }: { install: () => Promise<void> }) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Private mode: hidden for this visit.
    }
    setDismissed(true);
  };
  return (
    <section className="pwa-strip" aria-label="Install the app">
      <div className="pwa-strip-inner pwa-strip-wraps">
        <p>Open Your Local Talents from your home screen, even offline.</p>
        <span className="pwa-strip-actions">
          <button type="button" className="button button-small" onClick={() => void install()}>
            Install app
          </button>
          <button type="button" className="button button-ghost button-small" onClick={dismiss}>
            Not now
          </button>
        </span>
      </div>
    </section>
  );
}
