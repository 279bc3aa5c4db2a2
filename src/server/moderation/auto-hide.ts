import type { Db } from "../db/database.ts";
import { type ItemRecord, setItemHidden } from "./moderated-items.ts";
import { writeLogLine } from "./moderation-log.ts";
import { countEstablishedReporters } from "./reports-repository.ts";

/**
 * The reports threshold (issue 16, decision 010): once `threshold` different members whose accounts
 * are no longer new (`establishedAfterHours`, NEW_ACCOUNT_HOURS) have an open report on an item, it is hidden until a moderator looks, and the
 * log says the threshold did it. The reports stay open: the item waits in the queue, shown hidden.
 * Run in the report's transaction, after lockItemReports.
 */
export async function hideIfReportedEnough(
  tx: Db,
  item: ItemRecord,
  threshold: number,
  establishedAfterHours: number,
): Promise<void> {
  const reporters = await countEstablishedReporters(tx, item, establishedAfterHours);
  if (reporters < threshold) return;
  if (!(await setItemHidden(tx, item, true))) return;
  await writeLogLine(tx, {
    moderatorId: null,
    action: "auto-hide",
    target: { type: item.type, id: item.wireId },
    subjectUserId: item.authorUserId,
    reason: `Reported by ${reporters} members`,
  });
}
