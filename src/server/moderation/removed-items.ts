import type { Db } from "../db/database.ts";
import type { ItemRef } from "./moderated-items.ts";
import { resolveOpenReports } from "./reports-repository.ts";

/**
 * Items their authors deleted (issue 19), as part of `tx`: their open reports close as dismissed,
 * since nothing is left for moderators to act on, and the queue does not wait for them.
 */
export async function closeReportsOnRemoved(tx: Db, items: ItemRef[]): Promise<void> {
  for (const item of items) await resolveOpenReports(tx, { item }, "dismissed");
}
