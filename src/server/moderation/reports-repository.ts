import { and, count, eq, sql } from "drizzle-orm";
import type { ReportReason } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { translateViolations, type WriteResult } from "../db/sql-errors.ts";
import { users } from "../db/tables/auth.ts";
import { reports } from "../db/tables/moderation.ts";
import type { ItemRef } from "./moderated-items.ts";

export type NewReport = {
  reporterId: string;
  item: ItemRef;
  subjectUserId: string;
  reason: ReportReason;
  note: string;
};

/**
 * Reports on one item are written one at a time (a transaction-scoped lock on the item, for every
 * instance): each report's count of reporters then sees the ones before it, so parallel reports
 * cannot all stay under the auto-hide threshold.
 */
export async function lockItemReports(tx: Db, item: ItemRef): Promise<void> {
  await takeLock(tx, "itemReports", item.type, item.key);
}

/** Stores an open report, or `already-reported` while the reporter's earlier one is open. */
export function insertReport(
  tx: Db,
  report: NewReport,
): Promise<WriteResult<{ id: number }, "already-reported">> {
  return translateViolations(
    { reports_one_open_per_reporter_item: "already-reported" },
    async () => {
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId: report.reporterId,
          targetType: report.item.type,
          targetId: report.item.key,
          subjectUserId: report.subjectUserId,
          reason: report.reason,
          note: report.note,
        })
        .returning({ id: reports.id });
      if (!row) throw new Error("insert into reports returned no row");
      return row;
    },
  );
}

const openOn = (item: ItemRef) =>
  and(
    eq(reports.status, "open"),
    eq(reports.targetType, item.type),
    eq(reports.targetId, item.key),
  );

/** How many reports on the item are open. */
export async function countOpenReports(tx: Db, item: ItemRef): Promise<number> {
  const [row] = await tx.select({ open: count() }).from(reports).where(openOn(item));
  return row?.open ?? 0;
}

/** Different members at least `establishedAfterHours` old with an open report on the item. */
export async function countEstablishedReporters(
  tx: Db,
  item: ItemRef,
  establishedAfterHours: number,
): Promise<number> {
  const [row] = await tx
    .select({ reporters: count(sql`distinct ${reports.reporterId}`) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        openOn(item),
        sql`${users.createdAt} <= now() - make_interval(hours => ${establishedAfterHours}::int)`,
      ),
    );
  return row?.reporters ?? 0;
}

export type Resolution = "dismissed" | "actioned";

/** Closes the open reports on an item, or on everything a member wrote; who had reported. */
export async function resolveOpenReports(
  tx: Db,
  on: { item: ItemRef } | { subjectUserId: string },
  status: Resolution,
): Promise<string[]> {
  const where =
    "item" in on
      ? openOn(on.item)
      : and(eq(reports.status, "open"), eq(reports.subjectUserId, on.subjectUserId));
  const closed = await tx
    .update(reports)
    .set({ status, resolvedAt: sql`now()` })
    .where(where)
    .returning({ reporterId: reports.reporterId });
  return [...new Set(closed.map((report) => report.reporterId))];
}
