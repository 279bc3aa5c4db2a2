/// <reference lib="webworker" />
import "./zod-jitless.ts";
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { isOfflineRead, readNetworkFirst } from "./pwa/sw/offline-reads.ts";
import { openNotification, showPush } from "./pwa/sw/push-events.ts";
import { withTimeout } from "./pwa/sw/with-timeout.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/** How long a page's HTML may take before the stored app shell is shown instead. */
const PAGE_TIMEOUT_MS = 4000;

/**
 * The app's one service worker (issue 31, decision 027). Pages come from the network while it
 * answers (with that screen's preloads) and from the precached app shell when it does not; the
 * signed-in member's reads are network first into their own cache (pwa/sw/offline-reads.ts);
 * pushes become notifications (pwa/sw/push-events.ts). Writes and everything else pass through.
 */

// Registered before the precache's route, so "/" is a page like any other, not the stored copy.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await withTimeout(fetch(request), PAGE_TIMEOUT_MS);
      } catch {
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    // Server addresses, not the app's screens: their answers (JSON, errors) are never the shell.
    { denylist: [/^\/api(\/|$)/] },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isOfflineRead(url),
  ({ event }) => readNetworkFirst(event as FetchEvent),
  "GET",
);

self.addEventListener("push", (event) => event.waitUntil(showPush(event)));
self.addEventListener("notificationclick", (event) => event.waitUntil(openNotification(event)));

// registerType "prompt": a new version waits until the member chooses "Reload" (pwa/update-prompt.tsx).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
// The first version takes the open page at once, so it works offline without a reload.
clientsClaim();
