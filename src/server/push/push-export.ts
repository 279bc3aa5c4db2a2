import type { Db } from "../db/database.ts";
import { listDevices } from "./subscriptions-repository.ts";

/**
 * A member's devices with push on, for their data export: each one's words and date. Not the
 * endpoint nor the keys: they are the browser's handles for reaching it, not data about them.
 */
export async function exportPushDevices(db: Db, userId: string) {
  const devices = await listDevices(db, userId);
  return { pushDevices: devices.map(({ label, created_at }) => ({ label, created_at })) };
}
