import { and, asc, eq, sql } from "drizzle-orm";
import type { PostType } from "../../shared/post-types.ts";
import type { SavedSearchDelivery } from "../../shared/saved-searches.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import { savedSearches } from "../db/tables/notifications.ts";

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** What a member saves: the search's words (as typed and for SQL), its filters and centre. */
export type NewSavedSearch = {
  userId: string;
  query: string | null;
  tsquery: string | null;
  plain: string | null;
  type: PostType | null;
  topic: string | null;
  withinKm: number | null;
  nearId: number | null;
  areaLat: number | null;
  areaLng: number | null;
  delivery: SavedSearchDelivery;
};

/** `userId`'s saved searches, oldest first. */
export function listSavedSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
}

/**
 * In `tx`: saves `search` unless its member already has `max` (then null). The member's saves
 * take turns on a lock, so two at once cannot both pass the count.
 */
export async function insertSavedSearch(
  tx: Db,
  search: NewSavedSearch,
  max: number,
): Promise<SavedSearchRow | null> {
  await takeLock(tx, "savedSearches", search.userId);
  const [counted] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, search.userId));
  if ((counted?.count ?? 0) >= max) return null;
  const [row] = await tx.insert(savedSearches).values(search).returning();
  return row ?? null;
}

/** In `tx`: deletes `userId`'s saved search `id`; false when they have none of that id. */
export async function deleteSavedSearch(tx: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}
