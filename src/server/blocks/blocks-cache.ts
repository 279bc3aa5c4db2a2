import { ALL_CACHES, subscribeToInvalidations } from "../db/cache-invalidation.ts";
import type { Database, Db } from "../db/database.ts";
import { createReadCache, type ReadCache } from "../db/read-cache.ts";
import { blocksChangedUserId } from "./blocks-announcements.ts";
import { readBlockedUserIds } from "./blocks-repository.ts";

/**
 * A member's blocks are asked for on most of their reads (the feed, a post, a profile, the chat),
 * and nearly always answer "nobody": this instance keeps each member's list (decision 003), so a
 * signed-in reader's feed costs no query for it. Every change of a member's blocks is announced
 * (blocks-announcements.ts), so the time limit only bounds a change that was never announced.
 */
export const BLOCKS_TTL_MS = 60_000;

type BlocksCache = ReadCache<string, readonly string[]>;

/** This process's cache by database handle: code holding only `db` (a route, the hub) finds it. */
const caches = new WeakMap<Db, BlocksCache>();

/**
 * Starts keeping blocks for `database` (the blocks plugin does, when the app starts); resolves to
 * the function that stops. A second app on the same database shares the first one's cache.
 */
export async function startBlocksCache(database: Database): Promise<() => Promise<void>> {
  const { db } = database;
  if (caches.has(db)) return async () => {};
  const cache: BlocksCache = createReadCache({ ttlMs: BLOCKS_TTL_MS, maxEntries: 10_000 });
  const forget = (key: string) => {
    if (key === ALL_CACHES) return cache.clear();
    const userId = blocksChangedUserId(key);
    if (userId) cache.delete(userId);
  };
  const unsubscribe = await subscribeToInvalidations(database, forget);
  caches.set(db, cache);
  return async () => {
    if (caches.get(db) === cache) caches.delete(db);
    await unsubscribe();
  };
}

/**
 * The accounts (users.id) `blockerId` blocked: from this instance's cache when `db` is a database
 * whose cache runs, else (a transaction, a bare database) read from the table.
 */
export function blockedUserIds(db: Db, blockerId: string): Promise<readonly string[]> {
  const cache = caches.get(db);
  const read = () => readBlockedUserIds(db, blockerId);
  return cache ? cache.get(blockerId, read) : read();
}

/** The accounts a request's viewer blocked (none when signed out): what their lists leave out. */
export function blockedByViewer(
  db: Db,
  viewer: { identity: { id: string } } | null,
): Promise<readonly string[]> {
  return viewer ? blockedUserIds(db, viewer.identity.id) : Promise.resolve([]);
}

/** Whether `blockerId` blocked `blockedId` (both users.id), through the same cache. */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return (await blockedUserIds(db, blockerId)).includes(blockedId);
}
