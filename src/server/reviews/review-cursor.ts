import { decodeCursor, encodeCursor, type RowPosition } from "../db/position-cursor.ts";

/**
 * Where a review sits in a profile's list (issue 32): contact-backed ones first, then newest first;
 * so its position is whether it is contact-backed, then its (created_at, id).
 */
export type ReviewPosition = RowPosition & { contactBacked: boolean };

/** The opaque `nextCursor` of a list of reviews: "b." (contact-backed) or "o." before the row's. */
export function encodeReviewCursor(position: ReviewPosition): string {
  return `${position.contactBacked ? "b" : "o"}.${encodeCursor(position)}`;
}

/** The position a review cursor names, or null when it is not one this server made. */
export function decodeReviewCursor(cursor: string): ReviewPosition | null {
  const match = /^([bo])\.(.+)$/.exec(cursor);
  const row = match?.[2] ? decodeCursor(match[2]) : null;
  return row && { ...row, contactBacked: match?.[1] === "b" };
}
