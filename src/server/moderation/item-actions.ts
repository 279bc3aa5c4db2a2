import type { ReportTarget } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import { announceHiddenChange, forgetAfterCommit, type PostChange } from "./item-announcements.ts";
import { findItem, type ItemRecord, setItemHidden } from "./moderated-items.ts";
import { writeLogLine } from "./moderation-log.ts";
import { lockItemReports, type Resolution, resolveOpenReports } from "./reports-repository.ts";

export const ITEM_ACTIONS = ["dismiss", "hide", "restore"] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/**
 * What each action does: whether the item ends hidden (undefined: left as it is) and what becomes of
 * its open reports. Restoring says the reports were wrong, so they are dismissed.
 */
const EFFECTS: Record<ItemAction, { hidden?: boolean; reports: Resolution }> = {
  dismiss: { reports: "dismissed" },
  hide: { hidden: true, reports: "actioned" },
  restore: { hidden: false, reports: "dismissed" },
};

/**
 * A moderator's action on an item, in one transaction: the item's hidden state, its open reports,
 * one log line, and the announcements to every instance. The item as it is after, or null when
 * there is no such item.
 */
export async function actOnItem(
  db: Db,
  act: { moderatorId: string; target: ReportTarget; action: ItemAction; reason: string },
): Promise<ItemRecord | null> {
  const effect = EFFECTS[act.action];
  const done = await db.transaction(async (tx) => {
    const item = await findItem(tx, act.target);
    if (!item) return null;
    // A report arriving meanwhile waits, so it counts toward hiding only reports still open.
    await lockItemReports(tx, item);
    let forget: PostChange[] = [];
    let hiddenAt = item.hiddenAt;
    if (effect.hidden !== undefined) {
      // Hiding an item already hidden (by the threshold) keeps when it was hidden.
      if (await setItemHidden(tx, item, effect.hidden)) {
        forget = await announceHiddenChange(tx, item, effect.hidden);
        hiddenAt = effect.hidden ? new Date() : null;
      }
    }
    await resolveOpenReports(tx, { item }, effect.reports);
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: act.action,
      target: { type: item.type, id: item.wireId },
      subjectUserId: item.authorUserId,
      reason: act.reason,
    });
    return { item: { ...item, hiddenAt }, forget };
  });
  if (!done) return null;
  forgetAfterCommit(db, done.forget);
  return done.item;
}
