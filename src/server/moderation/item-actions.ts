import type { ReportTarget } from "../../shared/moderation.ts";
import { isBeforeModerators } from "../../shared/policies.ts";
import type { Db } from "../db/database.ts";
import { announce } from "../events/index.ts";
import { write } from "../write/index.ts";
import { findItem, type ItemRecord, setItemHidden } from "./moderated-items.ts";
import { writeLogLine } from "./moderation-log.ts";
import {
  countOpenReports,
  lockItemReports,
  type Resolution,
  resolveOpenReports,
} from "./reports-repository.ts";

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
 * A moderator's action on an item, in one transaction: the item's hidden state (announced to every
 * instance by its owner), its open reports and one log line. The item as it is after, or null when
 * there is no such item or it is not before moderators (isBeforeModerators): neither is told apart.
 */
export async function actOnItem(
  db: Db,
  act: { moderatorId: string; target: ReportTarget; action: ItemAction; reason: string },
): Promise<ItemRecord | null> {
  const effect = EFFECTS[act.action];
  const { value: done } = await write(db, async (tx) => {
    const item = await findItem(tx, act.target);
    if (!item) return null;
    // A report arriving meanwhile waits, so it counts toward hiding only reports still open.
    await lockItemReports(tx, item);
    const openReports = await countOpenReports(tx, item);
    if (!isBeforeModerators({ hidden: item.hiddenAt !== null, openReports })) return null;
    let hiddenAt = item.hiddenAt;
    let hiddenChanged = false;
    if (effect.hidden !== undefined) {
      // Hiding an item already hidden (by the threshold) keeps when it was hidden.
      hiddenChanged = await setItemHidden(tx, item, effect.hidden);
      if (hiddenChanged) hiddenAt = effect.hidden ? new Date() : null;
    }
    const reporterIds = await resolveOpenReports(tx, { item }, effect.reports);
    // The author and the reporters hear of it (notifications); reporters are never named.
    await announce(tx, {
      type: "moderation.decided",
      action: act.action,
      itemType: item.type,
      itemKey: item.key,
      authorUserId: item.authorUserId,
      hiddenChanged,
      reporterIds,
      path: item.path,
      title: item.title,
    });
    await writeLogLine(tx, {
      moderatorId: act.moderatorId,
      action: act.action,
      target: { type: item.type, id: item.wireId },
      subjectUserId: item.authorUserId,
      reason: act.reason,
    });
    return { ...item, hiddenAt };
  });
  return done;
}
