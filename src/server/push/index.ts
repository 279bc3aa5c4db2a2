/**
 * Web Push (issue 31): a member's devices, and the pushes of their notifications to them, sent by
 * the server itself (VAPID, RFC 8291 encryption), through no vendor's account.
 */

export { exportPushDevices } from "./push-export.ts";
export { pushPlugin } from "./push-plugin.ts";
export { pushRoutes } from "./push-routes.ts";
export type { PushSenderOptions } from "./push-sender.ts";
