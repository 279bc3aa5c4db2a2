// Where a visitor sent to sign in goes back to afterwards (`/login?next=…`): a page they opened
// signed out, such as a shared conversation address (issue 17).

const PENDING_KEY = "ylt:return-after-sign-in";

/** `raw` when it is an address of this app (one leading slash), else null: never another site. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  return raw;
}

/** The sign-in page's address that comes back to `path` once signed in. */
export function signInPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/** Kept across Google's round trip, which comes back to /feed: the top bar goes on from there. */
export function rememberReturnPath(path: string | null): void {
  try {
    if (path) window.sessionStorage.setItem(PENDING_KEY, path);
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // No storage: the member lands on the feed, as without a return address.
  }
}

/** The remembered return address, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  try {
    const path = safeReturnPath(window.sessionStorage.getItem(PENDING_KEY));
    window.sessionStorage.removeItem(PENDING_KEY);
    return path;
  } catch {
    return null;
  }
}
