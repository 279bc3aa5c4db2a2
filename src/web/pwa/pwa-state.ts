import { useSyncExternalStore } from "react";

/** The browser's offer to install the app (Chromium's `beforeinstallprompt`). */
export type InstallOffer = Event & { prompt: () => Promise<unknown> };

export type PwaState = {
  online: boolean;
  /** When the oldest API answer the page shows from the service worker's cache was stored. */
  shownFromCacheSince: Date | null;
  /** Set while the browser offers to install the app. */
  installOffer: InstallOffer | null;
  /** Whether this member posted or sent a message on this device: then installing is suggested. */
  contributed: boolean;
  /** Set while a new version waits: activates it, then reloads the page. */
  applyUpdate: (() => Promise<void>) | null;
};

const CONTRIBUTED_KEY = "ylt-contributed";
/** Writes after which installing is worth suggesting: a post, a direct message. */
const CONTRIBUTIONS = /^\/(articles|conversations\/with\/[^/]+\/messages)$/;

const readContributed = () => {
  try {
    return localStorage.getItem(CONTRIBUTED_KEY) === "1";
  } catch {
    return false;
  }
};

let state: PwaState = {
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  shownFromCacheSince: null,
  installOffer: null,
  contributed: readContributed(),
  applyUpdate: null,
};
/** API paths whose last answer came from the cache, with when it was stored. */
const fromCache = new Map<string, Date>();
const listeners = new Set<() => void>();

function change(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the app knows about being an installed, offline-capable app; re-renders on change. */
export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Whether the browser says there is no network: writes are not even tried then. */
export const isOffline = () => typeof navigator !== "undefined" && !navigator.onLine;

/**
 * An API read answered (api/client.ts): `storedAt` is the service worker's
 * X-Served-From-Cache, null when the answer came from the server.
 */
export function noteReadAnswer(path: string, storedAt: string | null): void {
  const had = fromCache.has(path);
  if (storedAt === null && !had) return;
  if (storedAt === null) fromCache.delete(path);
  else fromCache.set(path, new Date(storedAt || Date.now()));
  const times = [...fromCache.values()].map((time) => time.getTime());
  change({ shownFromCacheSince: times.length > 0 ? new Date(Math.min(...times)) : null });
}

/** A write succeeded (api/client.ts): a post or a message makes installing worth suggesting. */
export function noteWriteDone(path: string): void {
  if (state.contributed || !CONTRIBUTIONS.test(path.split("?")[0] ?? path)) return;
  try {
    localStorage.setItem(CONTRIBUTED_KEY, "1");
  } catch {
    // Private mode: suggested this visit only.
  }
  change({ contributed: true });
}

export const offerUpdate = (applyUpdate: () => Promise<void>) => change({ applyUpdate });

/**
 * Follows the network and the browser's install offer from the first moment (main.tsx): the offer
 * comes once, early, and is lost to a listener added later.
 */
export function watchPwaEvents(): void {
  window.addEventListener("online", () => {
    // The page's reads are asked again on reconnecting (react-query), from the server this time.
    fromCache.clear();
    change({ online: true, shownFromCacheSince: null });
  });
  window.addEventListener("offline", () => change({ online: false }));
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // the app offers it itself, at a better moment
    change({ installOffer: event as InstallOffer });
  });
  window.addEventListener("appinstalled", () => change({ installOffer: null }));
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export async function install(): Promise<void> {
  const offer = state.installOffer;
  if (!offer) return;
  change({ installOffer: null });
  await offer.prompt();
}
