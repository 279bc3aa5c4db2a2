import { createHash } from "node:crypto";

/** The URL of a username's generated avatar (served by avatar-routes.ts, no external service). */
export function avatarPath(username: string): string {
  return `/api/avatars/${encodeURIComponent(username)}.svg`;
}

/** Background colours dark enough for white initials (contrast ≥ 4.5:1). */
const COLOURS = [
  "#0f766e",
  "#1d4ed8",
  "#7c3aed",
  "#b45309",
  "#be123c",
  "#15803d",
  "#4338ca",
  "#a21caf",
  "#0e7490",
  "#9f1239",
];

/** Up to two initials: from the parts of a name split on _ and -, else its first two characters. */
export function initialsOf(username: string): string {
  const parts = username.split(/[_-]+/).filter(Boolean);
  const letters =
    parts.length >= 2 ? `${parts[0]?.[0] ?? ""}${parts[1]?.[0] ?? ""}` : username.slice(0, 2);
  return letters.toUpperCase();
}

export function colourOf(username: string): string {
  const digest = createHash("sha256").update(username).digest();
  return COLOURS[(digest[0] ?? 0) % COLOURS.length] ?? "#0f766e";
}

/** A square SVG: the initials on a colour picked from a hash of the name. The caller validates it. */
export function avatarSvg(username: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${username}"><rect width="128" height="128" fill="${colourOf(username)}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" font-size="52" font-weight="600" fill="#ffffff">${initialsOf(username)}</text></svg>`;
}
