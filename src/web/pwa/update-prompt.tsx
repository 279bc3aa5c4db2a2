import { useState } from "react";

/**
 * A new version of the app waits (registerType "prompt"): it is used only when the member chooses,
 * by reloading the whole page under it, never half of one.
 */
export function UpdatePrompt({ applyUpdate }: { applyUpdate: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="pwa-strip" role="status">
      <div className="pwa-strip-inner">
        <p>New version — reload to use it.</p>
        <button
          type="button"
          className="button button-small"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void applyUpdate();
          }}
        >
          {reloading ? "Reloading…" : "Reload"}
        </button>
      </div>
    </div>
  );
}
