import { avatarColourOf, initialsOf } from "../../shared/avatar.ts";

/** The URL of a username's generated avatar (served by avatar-routes.ts, no external service). */
export function avatarPath(username: string): string {
  return `/api/avatars/${encodeURIComponent(username)}.svg`;
}

/**
 * A square SVG: the initials on a colour picked from a hash of the name, the same as the web app's
 * fallback avatar. The caller validates the name.
 */
export function avatarSvg(username: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${username}"><rect width="128" height="128" fill="${avatarColourOf(username)}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${initialsOf(username)}</text></svg>`;
}
