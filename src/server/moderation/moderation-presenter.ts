import type { LogEntry, ModeratedItem, QueueEntry } from "../../shared/moderation.ts";
import type { ItemRecord } from "./moderated-items.ts";
import type { LogLine } from "./moderation-log.ts";
import type { OpenItem, OpenReportsSummary } from "./queue-repository.ts";

/** An item as moderators read it (src/shared/moderation.ts moderatedItemSchema). */
export function presentItem(item: ItemRecord): ModeratedItem {
  return {
    target: { type: item.type, id: item.wireId },
    author: { username: item.authorUsername, suspended_until: item.authorSuspendedUntil },
    title: item.title,
    text: item.text,
    path: item.path,
    created_at: item.createdAt.toISOString(),
    hidden: item.hiddenAt !== null,
    ...(item.context ? { context: item.context } : {}),
  };
}

/** A queue entry: the item, and what its open reports say (never who sent them). */
export function presentQueueEntry(
  item: ItemRecord,
  open: OpenItem,
  summary: OpenReportsSummary | undefined,
): QueueEntry {
  return {
    ...presentItem(item),
    report_count: open.reportCount,
    reasons: summary?.reasons ?? [],
    notes: summary?.notes ?? [],
    first_reported_at: open.firstReportedAt.toISOString(),
  };
}

export function presentLogLine(line: LogLine): LogEntry {
  return {
    id: line.id,
    moderator: line.moderator,
    action: line.action,
    target: line.target,
    subject: line.subject,
    reason: line.reason,
    created_at: line.createdAt.toISOString(),
  };
}
