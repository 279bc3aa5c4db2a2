import { z } from "zod";
import { NOTIFICATION_KINDS } from "./notifications.ts";

// Web Push (issue 31): a member's devices, and what a push carries. RFC 8030 (delivery), 8291
// (encryption), 8292 (VAPID): no vendor account.

/** How many devices a member may turn push on for. */
export const MAX_PUSH_DEVICES = 10;

/** GET /api/push/key: the VAPID public key, the browser's `applicationServerKey` (base64url). */
export const pushKeySchema = z.object({ publicKey: z.string() });

/**
 * POST /api/push/subscriptions: the browser's standard `PushSubscription.toJSON()`. The endpoint is
 * a URL the server will fetch: https only, never a private address (checked by the server).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** One device a member turned push on for, as /settings lists it. */
export const pushDeviceSchema = z.object({
  id: z.number().int().positive(),
  /** The subscription's endpoint: the page finds "this device" by comparing its own. */
  endpoint: z.string(),
  /** Words for the device, from its browser's user agent ("Chrome on Android"). */
  label: z.string(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /api/push/subscriptions: the member's devices, newest first. */
export const pushDevicesSchema = z.object({ devices: z.array(pushDeviceSchema) });

/** DELETE /api/push/subscriptions/:id */
export const pushDeviceParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * What a push carries, encrypted for the device (RFC 8291), and no more than the notification
 * needs: the service worker shows `title` and `body`, opens `link` on a click and marks entry `id`
 * read. `tag` replaces the device's earlier notification of the same group; `unread` is the app
 * badge's count.
 */
export const pushPayloadSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string(),
  unread: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
