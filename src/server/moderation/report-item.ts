import type { CreateReportInput, ReportReason } from "../../shared/moderation.ts";
import { canReport, canSeeHidden } from "../../shared/policies.ts";
import type { ViewerWithProfile } from "../auth/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { conflict, forbidden, notFound } from "../http/app-error.ts";
import { limitedWrite } from "../limits/index.ts";
import { hideIfReportedEnough } from "./auto-hide.ts";
import { forgetAfterCommit } from "./item-announcements.ts";
import { findItem, type ItemRecord } from "./moderated-items.ts";
import { insertReport, lockItemReports } from "./reports-repository.ts";

export type Report = {
  target: CreateReportInput["target"];
  reason: ReportReason;
  note: string;
};

/**
 * A member's report, counted against their write limit and in one transaction with the reports
 * threshold (auto-hide.ts). Refused as not found when the reporter may not see the item, as
 * forbidden on their own content, and as a conflict while their earlier report on it is open.
 * A private item (a direct message) only its recipient may report: to anyone else it is not there.
 */
export async function reportItem(
  db: Db,
  config: Pick<Config, "writeLimits" | "moderation">,
  reporter: ViewerWithProfile,
  report: Report,
): Promise<{ id: number }> {
  const actor = { username: reporter.profile.username, moderator: reporter.moderator };
  const done = await limitedWrite(
    db,
    config.writeLimits,
    reporter.identity.id,
    "report",
    async (tx) => {
      const item = await findItem(tx, report.target);
      const author = { username: item?.authorUsername ?? "" };
      if (
        !item ||
        (item.hiddenAt && !canSeeHidden(actor, author)) ||
        !mayRead(item, reporter.identity.id)
      ) {
        throw notFound("This no longer exists, or you can't see it.");
      }
      if (!canReport(reporter.profile, author) || item.authorUserId === reporter.identity.id) {
        throw forbidden("You can't report what you wrote.");
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
      if (!stored.ok) {
        throw conflict(
          "already-reported",
          "You have already reported this; moderators will look at it.",
        );
      }
      const forget = await hideIfReportedEnough(tx, item, config.moderation.autoHideThreshold);
      return { report: stored.value, forget };
    },
  );
  forgetAfterCommit(db, done.forget);
  return done.report;
}

/** A private item is there only for its author and the members it went to. */
function mayRead(item: ItemRecord, userId: string): boolean {
  return !item.privateTo || item.authorUserId === userId || item.privateTo.includes(userId);
}
