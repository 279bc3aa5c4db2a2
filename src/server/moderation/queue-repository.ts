import { asc, count, eq, min, type SQL, sql } from "drizzle-orm";
import type { ReportReason, ReportTargetType } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { reports } from "../db/tables/moderation.ts";
import { type ItemRef, refId } from "./moderated-items.ts";

/** An item with open reports: how many members reported it, and when the first did. */
export type OpenItem = ItemRef & { reportCount: number; firstReportedAt: Date };

const isOpen = eq(reports.status, "open");

/** Items with open reports, oldest first report first, at most `limit`. */
export async function openItems(db: Db, limit: number): Promise<OpenItem[]> {
  const firstReportedAt = min(reports.createdAt);
  const rows = await db
    .select({
      type: reports.targetType,
      key: reports.targetId,
      // One open report per reporter and item (a unique index), so reports are reporters.
      reportCount: count(),
      firstReportedAt,
    })
    .from(reports)
    .where(isOpen)
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(asc(firstReportedAt), asc(reports.targetType), asc(reports.targetId))
    .limit(limit);
  return rows.map((row) => ({
    type: row.type as ReportTargetType,
    key: row.key,
    reportCount: row.reportCount,
    firstReportedAt: row.firstReportedAt ?? new Date(0),
  }));
}

/** How many items wait in the queue. */
export async function countOpenItems(db: Db): Promise<number> {
  const [row] = await db
    .select({
      open: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))::int`,
    })
    .from(reports)
    .where(isOpen);
  return row?.open ?? 0;
}

export type OpenReportsSummary = {
  reasons: { reason: ReportReason; count: number }[];
  /** Non-empty notes, oldest first. */
  notes: string[];
};

/** The reasons (with counts) and notes of the open reports on `items`, by refId. */
export async function openReportsSummary(
  db: Db,
  items: ItemRef[],
): Promise<Map<string, OpenReportsSummary>> {
  const summaries = new Map<string, OpenReportsSummary>();
  if (items.length === 0) return summaries;
  const pairs: SQL[] = items.map((item) => sql`(${item.type}, ${item.key})`);
  const rows = await db
    .select({
      type: reports.targetType,
      key: reports.targetId,
      reason: reports.reason,
      note: reports.note,
    })
    .from(reports)
    .where(
      sql`${isOpen} and (${reports.targetType}, ${reports.targetId}) in (${sql.join(pairs, sql`, `)})`,
    )
    .orderBy(asc(reports.createdAt), asc(reports.id));
  for (const row of rows) {
    const id = refId({ type: row.type as ReportTargetType, key: row.key });
    const summary = summaries.get(id) ?? { reasons: [], notes: [] };
    const reason = row.reason as ReportReason;
    const counted = summary.reasons.find((each) => each.reason === reason);
    if (counted) counted.count++;
    else summary.reasons.push({ reason, count: 1 });
    if (row.note) summary.notes.push(row.note);
    summaries.set(id, summary);
  }
  for (const summary of summaries.values()) {
    summary.reasons.sort((a, b) => b.count - a.count);
  }
  return summaries;
}
