import { announceInvalidation, invalidateHere } from "../db/cache-invalidation.ts";
import type { Db } from "../db/database.ts";

const KEY_PREFIX = "blocks:";

/** The key every instance hears when the member `userId` blocked or unblocked someone. */
export function blocksChangedKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** The member whose blocks changed, when `key` is a blocks key; null for any other key. */
export function blocksChangedUserId(key: string): string | null {
  return key.startsWith(KEY_PREFIX) ? key.slice(KEY_PREFIX.length) : null;
}

/**
 * Called by every write of blocks inside its transaction: each instance (its chat sockets of the
 * blocker) hears of it once `tx` commits; a rolled-back change tells nobody.
 */
export function announceBlocksChanged(tx: Db, userId: string): Promise<void> {
  return announceInvalidation(tx, blocksChangedKey(userId));
}

/** Right after that commit: this process acts at once, without waiting for its notification. */
export function forgetBlocksHere(db: Db, userId: string): void {
  invalidateHere(db, blocksChangedKey(userId));
}
