import type { SavedSearch } from "../../shared/saved-searches.ts";
import type { SavedSearchRow } from "./saved-searches-repository.ts";

/** A saved search as its owner's list shows it (never its centre's coordinates). */
export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: Number(row.id),
    q: row.query,
    type: row.type,
    topic: row.topic,
    within: row.withinKm,
    near: row.nearId,
    delivery: row.delivery,
    created_at: row.createdAt.toISOString(),
  };
}
