import webpush from "web-push";
import type { Db } from "../db/database.ts";
import { signingKey } from "../notifications/index.ts";

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair (RFC 8292) every instance signs pushes with: the operator's when configured,
 * else one made by the first instance to start and kept in the database (every browser's
 * subscription is bound to its public key, so it must not change). Read once per process.
 */
export function vapidKeys(db: Db, configured: VapidKeys | undefined): () => Promise<VapidKeys> {
  if (configured) return async () => configured;
  const stored = signingKey(db, "vapid", () => JSON.stringify(webpush.generateVAPIDKeys()));
  return async () => JSON.parse(await stored()) as VapidKeys;
}
