// Where a visitor sent to sign in goes back to afterwards (`?next=`), checked the same way by the
// web and by the server's Google sign-in. No zod here: the first page's guard uses it.

const MAX_RETURN_PATH = 2000;

/**
 * Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so "/\t/evil" or
 * "/\\evil" would lead to another site: no control character nor backslash anywhere.
 */
function hasUnsafeCharacter(raw: string): boolean {
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/**
 * `raw` when it is an address of this app (one leading slash; not `//`, which browsers read as
 * another site, nor anything hasUnsafeCharacter could turn into it), else null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || hasUnsafeCharacter(raw)) return null;
  return raw.length <= MAX_RETURN_PATH ? raw : null;
}
