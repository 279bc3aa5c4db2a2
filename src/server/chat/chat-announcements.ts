import { announceInvalidation } from "../db/cache-invalidation.ts";
import type { Db } from "../db/database.ts";

const PREFIXES = {
  messageHidden: "chat-hidden:",
  messageRestored: "chat-restored:",
  signedOut: "chat-signed-out:",
} as const;

/**
 * What other features tell every instance's chat hub (issue 16), as keys on the cache-invalidation
 * channel, sent when `tx` commits: a message was hidden or restored (sockets drop it or get it back),
 * an account was signed out everywhere (its sockets close). (A member's blocks changing is the
 * blocks feature's key, which the hub hears too.)
 */
export const CHAT_KEYS = {
  messageHidden: (id: number) => `${PREFIXES.messageHidden}${id}`,
  messageRestored: (id: number) => `${PREFIXES.messageRestored}${id}`,
  signedOut: (userId: string) => `${PREFIXES.signedOut}${userId}`,
} as const;

export const announceMessageHidden = (tx: Db, id: number) =>
  announceInvalidation(tx, CHAT_KEYS.messageHidden(id));
export const announceMessageRestored = (tx: Db, id: number) =>
  announceInvalidation(tx, CHAT_KEYS.messageRestored(id));
export const announceSignedOutEverywhere = (tx: Db, userId: string) =>
  announceInvalidation(tx, CHAT_KEYS.signedOut(userId));

/** A chat key as the hub reads it. */
export type ChatAnnouncement =
  | { kind: "message-hidden"; id: number }
  | { kind: "message-restored"; id: number }
  | { kind: "signed-out"; userId: string };

/** What `key` announces to the chat, or null when it is not one of CHAT_KEYS. */
export function readChatKey(key: string): ChatAnnouncement | null {
  const after = (prefix: string) => (key.startsWith(prefix) ? key.slice(prefix.length) : null);
  const hidden = after(PREFIXES.messageHidden);
  if (hidden !== null) return messageKey("message-hidden", hidden);
  const restored = after(PREFIXES.messageRestored);
  if (restored !== null) return messageKey("message-restored", restored);
  const userId = after(PREFIXES.signedOut);
  return userId ? { kind: "signed-out", userId } : null;
}

function messageKey(kind: "message-hidden" | "message-restored", text: string) {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
}
