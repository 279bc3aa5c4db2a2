import type { Db } from "../db/database.ts";
import { announce } from "../events/index.ts";

/**
 * Called by every write of blocks inside its transaction (a pipeline write, write/): each instance
 * (its blocks cache, the chat sockets of the blocker) hears of it once `tx` commits, this one right
 * after the commit; a rolled-back change tells nobody.
 */
export function announceBlocksChanged(tx: Db, userId: string): Promise<void> {
  return announce(tx, { type: "member.blocked", userId });
}
