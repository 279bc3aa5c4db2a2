import { listPushDevices } from "./api/get-push-devices.ts";
import { removePushDevice } from "./api/remove-push-device.ts";
import { thisBrowserSubscription } from "./this-browser.ts";

/** Long enough for a slow phone's two calls; sign-out never waits longer. */
const SIGN_OUT_WAIT_MS = 3_000;

/**
 * Before sign-out (while the session still lets the server remove it): this browser stops
 * receiving the member's pushes and the server forgets this device. Best effort: it never fails
 * and never holds sign-out up for more than a few seconds.
 */
export function dropPushAtSignOut(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((done) => {
    timer = setTimeout(done, SIGN_OUT_WAIT_MS);
  });
  return Promise.race([dropThisDevice().catch(() => {}), waited]).finally(() =>
    clearTimeout(timer),
  );
}

async function dropThisDevice(): Promise<void> {
  const subscription = await thisBrowserSubscription();
  if (!subscription) return;
  const device = (await listPushDevices().catch(() => [])).find(
    ({ endpoint }) => endpoint === subscription.endpoint,
  );
  await Promise.allSettled([
    subscription.unsubscribe(),
    device ? removePushDevice(device.id) : undefined,
  ]);
}
