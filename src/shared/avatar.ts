/** Initials and colour of a generated avatar: the same for the server's SVG and the web's fallback. */

/** Up to two initials: from the parts of a name split on _ and -, else its first two characters. */
export function initialsOf(username: string): string {
  const parts = username.split(/[_-]+/).filter(Boolean);
  const letters =
    parts.length >= 2 ? `${parts[0]?.[0] ?? ""}${parts[1]?.[0] ?? ""}` : username.slice(0, 2);
  return letters.toUpperCase();
}

/** Backgrounds dark enough for white initials (contrast at least 4.5:1). */
const AVATAR_COLOURS = [
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

/** A colour that stays the same for a username (a small string hash, not cryptographic). */
export function avatarColourOf(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? "#0f766e";
}
