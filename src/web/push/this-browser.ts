// This browser's side of Web Push: whether it can, its own subscription, and a new one. Nothing
// here asks for permission: only the member's click does (use-turn-on-push.ts).

/** Service workers, the Push API and notifications: all three, or no push on this browser. */
export function pushSupported(): boolean {
  return (
    "serviceWorker" in navigator && "PushManager" in globalThis && "Notification" in globalThis
  );
}

/**
 * This browser's subscription, if it has one; never waits for a service worker that is not
 * registered (`serviceWorker.ready` would wait forever).
 */
export async function thisBrowserSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Why no subscription could be made; the page shows the message as it is. */
export class PushRefused extends Error {}

/**
 * A fresh subscription for the server's key (a former one is dropped: it may be for another key,
 * or the server may have forgotten it).
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (!(await navigator.serviceWorker.getRegistration())) {
    throw new PushRefused(
      "The app is still getting ready on this device. Reload the page, then try again.",
    );
  }
  const registration = await navigator.serviceWorker.ready;
  try {
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    });
  } catch (error) {
    const reason = error instanceof Error ? ` (${error.message})` : "";
    throw new PushRefused(
      `This browser could not turn notifications on${reason}. Please try again later.`,
    );
  }
}

/** The bytes of a base64url text (RFC 4648 §5, padding optional), as `applicationServerKey`. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
