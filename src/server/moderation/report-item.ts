import type { CreateReportInput, ReportReason } from "../../shared/moderation.ts";
import { canReport } from "../../shared/policies.ts";
import type { ViewerWithProfile } from "../auth/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { WriteRefusal } from "../limits/index.ts";
import { maySeeHidden, viewerAccount } from "../visibility/index.ts";
import { write } from "../write/index.ts";
import { hideIfReportedEnough } from "./auto-hide.ts";
import { findItem, type ItemRecord } from "./moderated-items.ts";
import { insertReport, lockItemReports } from "./reports-repository.ts";

export type Report = {
  target: CreateReportInput["target"];
  reason: ReportReason;
  note: string;
};

/** Why a report was not stored; the route answers each (404, 403, 409, 429). */
export type ReportRefusal =
  | { ok: false; reason: "not-found" | "own-content" | "already-reported" }
  | { ok: false; reason: "rate-limited"; refusal: WriteRefusal };

export type ReportOutcome = { ok: true; report: { id: number } } | ReportRefusal;

/** Ends the report's transaction, nothing of it kept (a refused report is not counted). */
class Refused extends Error {
  readonly reason: "not-found" | "own-content" | "already-reported";
  constructor(reason: Refused["reason"]) {
    super(`report refused: ${reason}`);
    this.reason = reason;
  }
}

/**
 * A member's report, counted against their write limit and in one transaction with the reports
 * threshold (auto-hide.ts). Refused as not found when the reporter may not see the item, as their
 * own content, and as already reported while their earlier report on it is open. A private item
 * (a direct message) only its recipient may report: to anyone else it is not there.
 */
export async function reportItem(
  db: Db,
  config: Pick<Config, "writeLimits" | "moderation" | "newAccountHours">,
  reporter: ViewerWithProfile,
  report: Report,
): Promise<ReportOutcome> {
  const limit = {
    limits: config.writeLimits,
    userId: reporter.identity.id,
    action: "report",
  } as const;
  try {
    const done = await write(db, (tx) => storeReport(tx, config, reporter, report), limit);
    if (!done.ok) return { ok: false, reason: "rate-limited", refusal: done.refusal };
    return { ok: true, report: done.value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

async function storeReport(
  tx: Db,
  config: Pick<Config, "moderation" | "newAccountHours">,
  reporter: ViewerWithProfile,
  report: Report,
): Promise<{ id: number }> {
  const reader = viewerAccount(reporter);
  const item = await findItem(tx, report.target);
  const author = { username: item?.authorUsername ?? "" };
  if (
    !item ||
    (item.hiddenAt && !maySeeHidden(reader, item.authorUserId)) ||
    !mayRead(item, reporter.identity.id)
  ) {
    throw new Refused("not-found");
  }
  if (!canReport(reporter.profile, author) || item.authorUserId === reporter.identity.id) {
    throw new Refused("own-content");
  }
  await lockItemReports(tx, item);
  const stored = await insertReport(tx, {
    reporterId: reporter.identity.id,
    item,
    subjectUserId: item.authorUserId,
    reason: report.reason,
    note: report.note,
  });
  // Thrown inside the transaction: a refused report is not counted against the limit.
  if (!stored.ok) throw new Refused("already-reported");
  await hideIfReportedEnough(tx, item, config.moderation.autoHideThreshold, config.newAccountHours);
  return stored.value;
}

/** A private item is there only for its author and the members it went to. */
function mayRead(item: ItemRecord, userId: string): boolean {
  return !item.privateTo || item.authorUserId === userId || item.privateTo.includes(userId);
}
