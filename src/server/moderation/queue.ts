import type { QueueEntry } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { loadItems, refId } from "./moderated-items.ts";
import { presentQueueEntry } from "./moderation-presenter.ts";
import { openItems, openReportsSummary } from "./queue-repository.ts";

/** The queue shows at most this many items: one screen a volunteer can clear. */
export const QUEUE_LIMIT = 100;

/** Items with open reports, oldest first report first, each in context with its reports. */
export async function readQueue(db: Db): Promise<QueueEntry[]> {
  const open = await openItems(db, QUEUE_LIMIT);
  const [items, summaries] = await Promise.all([loadItems(db, open), openReportsSummary(db, open)]);
  return open.flatMap((entry) => {
    const item = items.get(refId(entry));
    // Items go with their author's account, and reports with it, so this is only a moment's race.
    return item ? [presentQueueEntry(item, entry, summaries.get(refId(entry)))] : [];
  });
}
