import type { SessionDto } from "../../shared/accounts.ts";
import type { SessionRow } from "../auth/index.ts";
import { browserName } from "./browser-name.ts";

/** A session as the settings page lists it: never its token, its hash or the raw User-Agent. */
export function presentSession(row: SessionRow, currentPublicId: string): SessionDto {
  return {
    id: row.publicId,
    browser: browserName(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.publicId === currentPublicId,
  };
}
