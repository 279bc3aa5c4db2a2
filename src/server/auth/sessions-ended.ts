import type { Db } from "../db/database.ts";
import { announce } from "../events/index.ts";

/**
 * Every instance hears of a session that ended (signed out, signed out from another device, all
 * sessions but one, a password reset, a takeover) as a `session.ended` event, sent when `db` (the
 * transaction that deleted it) commits: the chat hub turns the sockets opened with it into
 * signed-out readers, so a socket never goes on receiving a member's direct messages after its
 * session is gone.
 */
export async function announceSessionsEnded(db: Db, publicIds: readonly string[]): Promise<void> {
  for (const sessionId of publicIds) await announce(db, { type: "session.ended", sessionId });
}
