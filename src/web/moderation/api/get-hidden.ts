import type { ModeratedItem } from "../../../shared/moderation.ts";
import { useItemList } from "./item-list-query.ts";
import { moderationKeys } from "./moderation-keys.ts";

/** What is hidden now, most recently hidden first (GET /api/moderation/hidden). */
export function useHiddenItems() {
  return useItemList<ModeratedItem>(moderationKeys.hidden, "/moderation/hidden");
}
