import { ACCOUNT_CACHE, API_CACHE_PREFIX } from "./cache-names.ts";

/**
 * Deletes every member's cached API reads and the service worker's note of who is signed in
 * (sign-out, account deleted): nothing of theirs stays on the device, or can be shown offline.
 */
export async function forgetOfflineReads(): Promise<void> {
  if (typeof caches === "undefined") return; // not a secure context, or no service worker support
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(API_CACHE_PREFIX) || name === ACCOUNT_CACHE)
      .map((name) => caches.delete(name)),
  );
}
