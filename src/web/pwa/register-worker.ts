/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from "virtual:pwa-register";
import { offerUpdate } from "./pwa-state.ts";

/** An installed app may stay open for days without a navigation, which is when browsers look. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/web/sw.ts), after the page loaded (main.tsx): its precaching
 * never competes with the first page. A new version that waits is offered as "Reload"
 * (update-prompt.tsx), which activates it and reloads the page under it.
 */
export function registerWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const updateWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => updateWorker(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (document.visibilityState === "visible" && navigator.onLine) {
          void registration.update().catch(() => undefined);
        }
      }, UPDATE_CHECK_MS);
    },
  });
}
