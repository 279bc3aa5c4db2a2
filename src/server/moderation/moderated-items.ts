import {
  REPORT_TARGET_TYPES,
  type ReportTarget,
  type ReportTargetType,
} from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import type { ItemRecord } from "./item-kind.ts";
import { ITEM_KINDS } from "./item-kinds.ts";

export type { ItemRecord } from "./item-kind.ts";

/** An item as reports and the log store it. */
export type ItemRef = { type: ReportTargetType; key: string };

export const refId = (ref: ItemRef) => `${ref.type}:${ref.key}`;

/** The item the wire names, with its author, hidden or not; null when there is none. */
export async function findItem(db: Db, target: ReportTarget): Promise<ItemRecord | null> {
  const kind = ITEM_KINDS[target.type];
  const key = await kind.keyOf(db, target.id);
  if (key === null) return null;
  const [item] = await kind.load(db, { by: "keys", keys: [key] }, 1);
  return item ?? null;
}

/** The items of `refs` that still exist, by refId: one query per kind. */
export async function loadItems(db: Db, refs: ItemRef[]): Promise<Map<string, ItemRecord>> {
  const found = new Map<string, ItemRecord>();
  for (const type of REPORT_TARGET_TYPES) {
    const keys = refs.filter((ref) => ref.type === type).map((ref) => ref.key);
    if (keys.length === 0) continue;
    for (const item of await ITEM_KINDS[type].load(db, { by: "keys", keys }, keys.length)) {
      found.set(refId(item), item);
    }
  }
  return found;
}

/** Items hidden now, most recently hidden first, at most `limit`. */
export async function hiddenItems(db: Db, limit: number): Promise<ItemRecord[]> {
  const byKind = await Promise.all(
    REPORT_TARGET_TYPES.map((type) => ITEM_KINDS[type].load(db, { by: "hidden" }, limit)),
  );
  return byKind
    .flat()
    .sort((a, b) => (b.hiddenAt?.getTime() ?? 0) - (a.hiddenAt?.getTime() ?? 0))
    .slice(0, limit);
}

/**
 * Hides or restores one item, through the feature that owns it, which tells every instance what it
 * must forget (a post, a chat message); whether its state changed.
 */
export async function setItemHidden(tx: Db, ref: ItemRef, hidden: boolean): Promise<boolean> {
  const changed = await ITEM_KINDS[ref.type].setHidden(tx, { keys: [ref.key] }, hidden);
  return changed.length > 0;
}

/** Hides everything `userId` wrote that is not hidden yet, each owner announcing what it hid. */
export async function hideEverythingBy(tx: Db, userId: string): Promise<void> {
  for (const type of REPORT_TARGET_TYPES) {
    await ITEM_KINDS[type].setHidden(tx, { authorUserId: userId }, true);
  }
}
