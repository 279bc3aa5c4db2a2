import { announceInvalidation } from "../db/cache-invalidation.ts";
import type { Db } from "../db/database.ts";

/**
 * Every instance hears of a session that ended (signed out, signed out from another device, all
 * sessions but one, a password reset, a takeover) as a key on the cache-invalidation channel, sent
 * when `db` (the transaction that deleted it) commits: the chat hub closes the sockets opened with
 * it, so a socket never goes on receiving a member's direct messages after its session is gone.
 */
const PREFIX = "session-ended:";

/** Announces each of the sessions (by public id) that `db` deleted. */
export async function announceSessionsEnded(db: Db, publicIds: readonly string[]): Promise<void> {
  for (const publicId of publicIds) await announceInvalidation(db, `${PREFIX}${publicId}`);
}

/** The public id of the session `key` says ended, or null for any other key. */
export function endedSessionOf(key: string): string | null {
  return key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
}
