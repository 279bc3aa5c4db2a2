import { ROW_ID_PATTERN } from "../../shared/constants.ts";

/**
 * Where a row sits in a newest-first list (posts, reviews): its created_at exactly as the
 * repositories format it (UTC with microseconds, the column's precision; a JS Date would drop the
 * microseconds and a cursor would skip rows) and its id.
 */
export type RowPosition = { createdAt: string; id: number };

/** created_at as RowPosition holds it. */
const TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;

/**
 * The opaque `nextCursor`: the (created_at, id) of the last row of a page, so the next page starts
 * strictly after it whatever was posted meanwhile (keyset paging: no duplicates, no gaps).
 */
export function encodeCursor(position: RowPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, "utf8").toString("base64url");
}

/** The position a cursor names, or null when it is not one this server made. */
export function decodeCursor(cursor: string): RowPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (parts.length !== 2) return null;
  const [createdAt = "", idText = ""] = parts;
  if (!ROW_ID_PATTERN.test(idText) || !isRealTime(createdAt)) return null;
  return { createdAt, id: Number(idText) };
}

/** A well-formed time that exists (no 30 February, no year 0), so PostgreSQL never rejects it. */
function isRealTime(text: string): boolean {
  const match = TIME_PATTERN.exec(text);
  if (!match || match[1] === "0000") return false;
  const millis = Date.parse(`${text.slice(0, 23)}Z`);
  return !Number.isNaN(millis) && new Date(millis).toISOString().slice(0, 19) === text.slice(0, 19);
}
