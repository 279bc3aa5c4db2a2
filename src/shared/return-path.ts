// Where a visitor sent to sign in goes back to afterwards (`?next=`), checked the same way by the
// web and by the server's Google sign-in. No zod here: the first page's guard uses it.

const MAX_RETURN_PATH = 2000;

/**
 * `raw` when it is an address of this app (one leading slash; not `//` or `/\\`, which browsers
 * read as another site), else null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  return raw.length <= MAX_RETURN_PATH ? raw : null;
}
