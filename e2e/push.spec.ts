import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { startTestPushService, type TestPushService } from "../test/harness/push-service.ts";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { sendMessage } from "./support/direct-messages.ts";
import { test } from "./support/other-members.ts";

/**
 * Issue 31: push without a vendor. The browser's own push service (Google's, for Chromium) is out of
 * reach here, so `pushManager.subscribe` answers with a device of a local push service instead;
 * everything after it is real: the page posts the subscription, the server signs (VAPID), encrypts
 * (RFC 8291) and sends, and the local service checks the signature and decrypts.
 */

/** What the journey uses of the service worker's global scope (the DOM types lack it). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
};

let pushService: TestPushService;
test.beforeAll(async () => {
  pushService = await startTestPushService();
});
test.afterAll(() => pushService.stop());

/** In the page: PushManager answers with `subscription` (PushSubscription.toJSON()'s shape). */
function useTestDevice(subscription: {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}) {
  let current: PushSubscription | null = null;
  const made = {
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: () => null,
    toJSON: () => subscription,
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => {
    current = made;
    return made;
  };
  PushManager.prototype.getSubscription = async () => current;
}

test("Bob turns on notifications on this device; Alice's message reaches it as a signed, encrypted push; a click on it reads the entry and opens the conversation; Remove takes the device off", async ({
  otherMember,
  browser,
  baseURL,
}) => {
  const device = pushService.device();
  const bobContext = await browser.newContext({ baseURL });
  await bobContext.grantPermissions(["notifications"]);
  const page = await bobContext.newPage();
  await page.addInitScript(useTestDevice, device.subscription);
  const alice = await otherMember("alice");
  const bob = await signUpWithProfile(page, newAccount("bob"));

  await page.goto("/settings");
  // The button needs the app's service worker, registered once the page has loaded.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const devices = page.getByRole("list", { name: "Devices" });
  await expect(
    page.getByText("Notifications are not on for any of your devices yet."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByText("This device")).toBeVisible();

  const words = `Tuning ${randomBytes(3).toString("hex")}`;
  await sendMessage(alice.page.request, bob.username, words);
  const push = await pushService.waitFor((received) => received.endpoint === device.endpoint);
  expect(pushService.rejected).toEqual([]);
  expect(push.vapid.aud).toBe(new URL(device.endpoint).origin);
  expect(push.payload).toMatchObject({
    kind: "message-request",
    title: `${alice.account.username} wants to talk`,
    body: "Your Local Talents",
    link: `/chatapp?with=${alice.account.username}`,
    unread: 1,
  });
  // The push holds what the notification needs, never the message itself.
  expect(JSON.stringify(push.payload)).not.toContain(words);

  // The device shows it, and a click on it reads the entry and opens the conversation. (Chromium
  // cannot click a notification from outside: the worker gets the click event it would send.)
  const cdp = await bobContext.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: await registration,
    data: JSON.stringify(push.payload),
  });
  const [worker] = bobContext.serviceWorkers();
  if (!worker) throw new Error("no service worker");
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map(
          (shown) => shown.title,
        ),
      ),
    )
    .toEqual([`${alice.account.username} wants to talk`]);
  const read = bobContext.waitForEvent("response", (response) =>
    /\/api\/notifications\/\d+\/read$/.test(response.url()),
  );
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error("nothing shown");
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: shown }));
  });
  expect((await read).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/chatapp\\?with=${alice.account.username}$`));
  const unread = await page.request.get("/api/notifications/unread");
  expect(await unread.json()).toEqual({ unread: 0 });

  await page.goto("/settings");
  await devices.getByRole("button", { name: /^Remove / }).click();
  await expect(
    page.getByText("Notifications are not on for any of your devices yet."),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Turn on notifications on this device" }),
  ).toBeVisible();
  const left = await page.request.get("/api/push/subscriptions");
  expect((await left.json()).devices).toEqual([]);
  await bobContext.close();
});
