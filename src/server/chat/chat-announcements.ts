import type { Db } from "../db/database.ts";
import { announce } from "../events/index.ts";

/**
 * What other features tell every instance's chat hub (issue 16), as events sent when `tx` commits:
 * a message was hidden or restored (sockets drop it or get it back), an account was signed out
 * everywhere (its sockets close). (A member's blocks changing is the blocks feature's event, which
 * the hub hears too.)
 */
export const announceMessageHidden = (tx: Db, messageId: number) =>
  announce(tx, { type: "chat.message-hidden", messageId });
export const announceMessageRestored = (tx: Db, messageId: number) =>
  announce(tx, { type: "chat.message-restored", messageId });
export const announceSignedOutEverywhere = (tx: Db, userId: string) =>
  announce(tx, { type: "member.signed-out", userId });
