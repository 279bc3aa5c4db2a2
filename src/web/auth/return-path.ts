// Where a visitor sent to sign in goes back to afterwards (`/login?next=…`): the page that asked
// (a guarded page, a member-only action, a shared conversation address). The address travels in
// `?next=` through /login, /register, Google's round trip and /createYourUser.
import { safeReturnPath } from "../../shared/return-path.ts";

export { safeReturnPath };

/** `path` with `?next=` (or `&next=`) pointing back at `next`; `path` alone without one. */
function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** The sign-in page's address that comes back to `path` once signed in. */
export function signInPathFor(path: string): string {
  return withNext("/login", path);
}

/** The register page's address that comes back to `next` once the profile is made. */
export const registerPathFor = (next: string | null) => withNext("/register", next);

/** The create-profile page's address that goes on to `next` once the profile is made. */
export const createProfilePathFor = (next: string | null) => withNext("/createYourUser", next);

/** Where a signed-in identity goes: the page that asked (SPEC §4's /feed by default), or first its profile. */
export function pathAfterSignIn(hasProfile: boolean, next: string | null): string {
  return hasProfile ? (next ?? "/feed") : createProfilePathFor(next);
}
