import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signUpWithProfile } from "./support/accounts.ts";
import { createPost, feedCard, tag } from "./support/posts.ts";
import { createSignedOutAccount, fillSignIn } from "./support/sign-in.ts";

// Issue 31: the installable app, its service worker (src/web/sw.ts) and what it keeps offline.

const OFFLINE_WRITE = "You are offline — nothing was sent. Try again when you are back online.";

/** Waits until the service worker controls the page (it claims the page it was first installed from). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Names of the Cache Storage caches the page's origin holds. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Whether the member's API cache holds an answer for `path`. */
async function cachedRead(page: Page, path: string) {
  return page.evaluate(async (path) => {
    for (const name of await caches.keys()) {
      if (name.startsWith("api-") && (await (await caches.open(name)).match(path))) return true;
    }
    return false;
  }, path);
}

/** The page is no wider than its window (nothing pushed sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.window);
}

/** Signs up, opens the feed under the service worker, and has it keep the feed for offline use. */
async function memberWithFeedKept(page: Page, title: string) {
  const account = await signUpWithProfile(page);
  await createPost(page.request, { title, topic: "Gardening", body: "Hedges and lawns." });
  await page.goto("/feed");
  await controlledByServiceWorker(page);
  // The first visit was not yet under the worker: this one's reads go through it and are kept.
  await page.reload();
  await expect(feedCard(page, title)).toBeVisible();
  await expect.poll(() => cachedRead(page, "/api/articles")).toBe(true);
  await expect.poll(() => cachedRead(page, "/api/me")).toBe(true);
  return account;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test("the app is installable: its manifest parses, says what it should, and Chromium finds no problem", async ({
  playwright,
}, testInfo) => {
  // A profile on disk: Chromium never offers to install from an incognito one, as every other
  // journey's context is.
  const context = await playwright.chromium.launchPersistentContext(
    testInfo.outputPath("profile"),
    {
      ...testInfo.project.use.launchOptions,
      baseURL: testInfo.project.use.baseURL,
    },
  );
  const page = await context.newPage();
  await page.goto("/");
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const { url, errors, data } = await cdp.send("Page.getAppManifest");
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? "{}");
  expect(manifest).toMatchObject({
    name: "Your Local Talents",
    display: "standalone",
    start_url: "/feed",
    scope: "/",
    theme_color: "#0f766e",
  });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: "192x192", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
    ]),
  );
  // The Messages shortcut opens the inbox (issue 34), as the top bar's Messages does.
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    "/feed",
    "/messages",
    "/search",
  ]);
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toMatch(/^application\/javascript/);
  await context.close();
});

test("offline, a member's feed comes back as they saw it, with the banner; a write is refused and the form keeps it", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const title = `Hedge trimming ${tag()}`;
  await memberWithFeedKept(page, title);

  await goOffline(context, page);
  await page.reload();
  await expect(feedCard(page, title)).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "Offline — showing what you saw at" });
  await expect(banner).toHaveText(/^Offline — showing what you saw at \d\d:\d\d$/);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Add a post" }).click();
  const form = page.getByRole("form", { name: "Add a post" });
  await page.getByLabel("Title").fill("Written on the train");
  await page.getByLabel("Topic").fill("Misc");
  await page.getByLabel("Body").fill("Kept until the network is back.");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText(OFFLINE_WRITE)).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Written on the train");
  await expect(page.getByLabel("Body")).toHaveValue("Kept until the network is back.");

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test("signing out deletes the member's kept reads: offline, the next person sees none of them", async ({
  page,
  context,
  request,
}) => {
  const title = `Dog walking ${tag()}`;
  const first = await memberWithFeedKept(page, title);
  expect((await cacheNames(page)).filter((name) => name.startsWith("api-"))).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await cacheNames(page)).filter((name) => name.startsWith("api-"))).toEqual([]);
  expect(await cachedRead(page, "/api/me")).toBe(false);

  const second = await createSignedOutAccount(request, { prefix: "next" });
  await goOffline(context, page);
  await page.goto("/login");
  // Under a full run's load the first press was once lost while the offline page was still
  // starting (seen once in two full runs, never alone): press again until the refusal shows.
  await expect(async () => {
    await fillSignIn(page, second.email, second.password);
    await expect(page.getByText(OFFLINE_WRITE)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  await page.goto("/feed");
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.getByText(first.username)).toHaveCount(0);
  await expect(page.getByText(title)).toHaveCount(0);
});

test("when another account signs in on the device, the worker drops the former one's kept reads", async ({
  page,
  request,
}) => {
  await memberWithFeedKept(page, `Piano tuning ${tag()}`);
  const apiCaches = async () => (await cacheNames(page)).filter((name) => name.startsWith("api-"));
  const [former] = await apiCaches();
  // Another tab's sign-in, as the cookie sees it: this page is not told.
  const next = await createSignedOutAccount(request, { prefix: "next" });
  const signedIn = await page.request.post("/api/auth/login", {
    data: { email: next.email, password: next.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const nextId = (await (await page.request.get("/api/me")).json()).user.id;

  await page.reload();
  // The worker drops the former cache when it sees the new account's /api/me answer: under a full
  // run's load that took longer than the default 7 s once.
  await expect.poll(apiCaches, { timeout: 20_000 }).toEqual([`api-${nextId}`]);
  expect(former).not.toBe(`api-${nextId}`);
});

test("a push becomes a notification with the payload's title, body and tag", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["notifications"]);
  await page.goto("/");
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const payload = {
    id: 7,
    kind: "message",
    title: "New message from ana",
    body: "Are you free on Saturday?",
    link: "/chatapp?with=ana",
    tag: "conversation-ana",
    unread: 2,
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(baseURL ?? "").origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data,
      }));
    });
  await expect.poll(shown).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      data: { id: 7, link: "/chatapp?with=ana" },
    },
  ]);
});
