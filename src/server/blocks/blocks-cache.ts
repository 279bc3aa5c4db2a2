import type { Database } from "../db/database.ts";
import { createReadCache, type ReadCache } from "../db/read-cache.ts";
import { eventBusOf } from "../events/index.ts";
import { readBlockedUserIds } from "./blocks-repository.ts";

/**
 * A member's blocks are asked for on most of their reads (the feed, a post, a profile, the chat),
 * and nearly always answer "nobody": this instance keeps each member's list (decision 003), so a
 * signed-in reader's feed costs no query for it. Every change of a member's blocks is announced
 * (blocks-announcements.ts), so the time limit only bounds a change that was never announced.
 */
export const BLOCKS_TTL_MS = 60_000;

/** Who members blocked, as this instance keeps it (`app.blocks`, blocks-plugin.ts). */
export type Blocks = {
  /** The accounts (users.id) `blockerId` blocked. */
  of(blockerId: string): Promise<readonly string[]>;
  /** The accounts a request's viewer blocked (none when signed out): what their lists leave out. */
  ofViewer(viewer: { identity: { id: string } } | null): Promise<readonly string[]>;
};

/**
 * Starts keeping blocks for `database`, forgetting a member's list when a change of it is
 * announced from any instance; `stop` ends that.
 */
export async function startBlocksCache(
  database: Database,
): Promise<{ blocks: Blocks; stop: () => Promise<void> }> {
  const cache: ReadCache<string, readonly string[]> = createReadCache({
    ttlMs: BLOCKS_TTL_MS,
    maxEntries: 10_000,
  });
  const stop = await eventBusOf(database).subscribe({
    types: ["member.blocked", "everything.changed"],
    on: (event) => (event.type === "member.blocked" ? cache.delete(event.userId) : cache.clear()),
    onResync: () => cache.clear(),
  });
  const of = (blockerId: string) =>
    cache.get(blockerId, () => readBlockedUserIds(database.db, blockerId));
  const blocks: Blocks = {
    of,
    ofViewer: (viewer) => (viewer ? of(viewer.identity.id) : Promise.resolve([])),
  };
  return { blocks, stop };
}
