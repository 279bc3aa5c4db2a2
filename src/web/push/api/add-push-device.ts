import type { PushDevice } from "../../../shared/push.ts";
import { apiFetch } from "../../api/client.ts";

/**
 * POST /api/push/subscriptions with the browser's own `PushSubscription.toJSON()`: the server
 * refuses (400, 409) with a message the page shows as it is.
 */
export const addPushDevice = (subscription: PushSubscriptionJSON) =>
  apiFetch<{ device: PushDevice }>("/push/subscriptions", {
    method: "POST",
    body: subscription,
  }).then((data) => data.device);
