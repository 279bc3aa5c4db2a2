import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { serveMapTiles } from "./support/map-tiles.ts";
import { signUpModerator } from "./support/moderators.ts";
import { setAreaByApi } from "./support/places.ts";
import { createPost, openPost, tag } from "./support/posts.ts";

/**
 * Links that travel and the map (issue 33): a post's address carries its preview for a crawler, a
 * hidden one only the site's; Share copies the link; robots.txt, the sitemap and the opt-out; the
 * search map shows towns with counts, on tiles served from e2e/support/map-tiles.
 */

// The service worker would fetch tiles itself, out of the page's routes' reach.
test.use({ serviceWorkers: "block" });

const IPSWICH_ID = 2646057;
const CAMBRIDGE_ID = 2653941;

/** The content of the meta tag `key` in the page's HTML as the server sends it. */
function metaIn(html: string, key: string): string | undefined {
  return html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
}

test("a post's address carries its preview; once hidden, only the site's", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  await signUpWithProfile(page, newAccount("preview"));
  const post = await createPost(page.request, {
    title: `Bike repairs ${tag()}`,
    topic: "Repairs",
    body: "Punctures, brakes and gears while you wait.",
  });
  // A crawler: no cookies, HTML as sent (the request fixture shares nothing with the page).
  const res = await request.get(`/articles/${post.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(metaIn(html, "og:title")).toBe(post.title);
  expect(metaIn(html, "og:url")).toBe(`${baseURL}/articles/${post.id}`);
  expect(metaIn(html, "og:description")).toContain("Punctures, brakes and gears");
  expect(metaIn(html, "twitter:card")).toBe("summary");

  // The page itself still draws for a person.
  await openPost(page, post);

  const moderatorContext = await browser.newContext({ baseURL });
  const moderator = await moderatorContext.newPage();
  await signUpModerator(moderator, 4);
  // Moderators act on what is reported (issue 28).
  const reported = await moderator.request.post("/api/reports", {
    data: { target: { type: "post", id: String(post.id) }, reason: "spam" },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const hidden = await moderator.request.post(`/api/moderation/items/post/${post.id}/hide`, {
    data: { reason: "Test" },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);
  await moderatorContext.close();
  const after = await (await request.get(`/articles/${post.id}`)).text();
  expect(metaIn(after, "og:title")).toBe("Your Local Talents");
  expect(metaIn(after, "robots")).toBe("noindex");
  expect(after).not.toContain(post.title);
});

/** The post's page with Share pressed: the notice it shows. */
async function pressShare(page: Page, title: string) {
  await page.getByRole("button", { name: `Share ${title}` }).click();
}

test("Share copies a post's link where the browser cannot share, and shares it where it can", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // A desktop without the Web Share API.
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await signUpWithProfile(page, newAccount("sharer"));
  const post = await createPost(page.request, {
    title: `Piano lessons ${tag()}`,
    topic: "Music",
    body: "Beginners welcome.",
  });
  await openPost(page, post);
  await pressShare(page, post.title);
  await expect(page.getByRole("alert").filter({ hasText: "Link copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/articles/${post.id}`,
  );
  await page.screenshot({ path: "/tmp/links/share-post-1280.png" });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: "/tmp/links/share-post-360.png", fullPage: true });
});

test("Share hands the link to the device's share sheet where there is one", async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedLinks: shared });
    Object.defineProperty(Navigator.prototype, "share", {
      value: async (data: ShareData) => {
        shared.push(data);
      },
      configurable: true,
    });
  });
  const account = await signUpWithProfile(page, newAccount("sheet"));
  await page.goto(`/user/${account.username}`);
  await page.getByRole("button", { name: `Share ${account.username}'s profile` }).click();
  await page.screenshot({ path: "/tmp/links/share-profile-1280.png" });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: "/tmp/links/share-profile-360.png" });
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { sharedLinks: ShareData[] }).sharedLinks),
    )
    .toEqual([
      {
        title: `${account.username} · Your Local Talents`,
        url: new URL(`/user/${account.username}`, page.url()).href,
      },
    ]);
  await expect(page.getByText("Link copied.")).toHaveCount(0);
});

test("a visitor shares a member's profile beside Message", async ({ page, browser, baseURL }) => {
  const account = await signUpWithProfile(page, newAccount("shared"));
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/user/${account.username}`);
  const share = visitor.getByRole("button", { name: `Share ${account.username}'s profile` });
  await expect(share).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Message" })).toBeVisible();
  await visitor.screenshot({ path: "/tmp/links/share-visitor-1280.png" });
  await visitor.setViewportSize({ width: 360, height: 780 });
  await visitor.screenshot({ path: "/tmp/links/share-visitor-360.png" });
  await visitorContext.close();
});

test("robots.txt names the sitemap, which lists public posts and profiles", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await signUpWithProfile(page, newAccount("listed"));
  const post = await createPost(page.request, {
    title: `Dog walking ${tag()}`,
    topic: "Pets",
    body: "Mornings.",
  });
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const listed = await sitemapAddresses(request);
  expect(listed).toContain(`${baseURL}/articles/${post.id}`);
  expect(listed).toContain(`${baseURL}/user/${account.username}`);
});

/** Every address of the sitemap, page after page. */
async function sitemapAddresses(request: import("@playwright/test").APIRequestContext) {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  const found: string[] = [];
  for (const page of locs(await index.text())) {
    found.push(...locs(await (await request.get(new URL(page).pathname)).text()));
  }
  return found;
}

test("a member opts out of search engines in Settings", async ({ page, request, baseURL }) => {
  const account = await signUpWithProfile(page, newAccount("private"));
  await page.goto("/settings");
  const option = page.getByRole("checkbox", {
    name: "Hide my profile and posts from search engines",
  });
  await option.check();
  await page
    .getByRole("form", { name: "Search engines" })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByRole("alert").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(option).toBeChecked();

  const html = await (await request.get(`/user/${account.username}`)).text();
  expect(metaIn(html, "robots")).toBe("noindex");
  expect(await sitemapAddresses(request)).not.toContain(`${baseURL}/user/${account.username}`);
});

test("the search map shows towns with counts, never a member's own position", async ({
  page,
  browser,
  baseURL,
}) => {
  const word = `quokka${tag()}`;
  const servedTiles = await serveMapTiles(page);
  // Two members in Cambridge and one in Ipswich, each with a post with the word.
  for (const [prefix, town] of [
    ["mapa", CAMBRIDGE_ID],
    ["mapb", CAMBRIDGE_ID],
    ["mapc", IPSWICH_ID],
  ] as const) {
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const member = await signUpWithProfile(other, newAccount(prefix));
    await setAreaByApi(other.request, member.username, town);
    await createPost(other.request, {
      title: `${word} care`,
      topic: "Pets",
      body: `About ${word}.`,
    });
    await context.close();
  }

  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole("heading", { name: `${word} care` }).first()).toBeVisible();
  await page.getByRole("button", { name: "Show on a map" }).click();
  const towns = page.getByRole("list", { name: "Towns with results" });
  await expect(towns.getByRole("listitem")).toHaveText([
    "Cambridge, GB: 2 posts",
    "Ipswich, GB: 1 post",
  ]);
  const map = page.getByRole("region", { name: "Map of results by town" });
  await expect(map.getByTitle("Cambridge: 2 posts")).toHaveText("2");
  await expect(map.getByTitle("Ipswich: 1 post")).toHaveText("1");
  await expect(map.getByText("Test tiles © Your Local Talents")).toBeVisible();
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  expect(servedTiles.length).toBeGreaterThan(0);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.screenshot({ path: "/tmp/links/map-1280.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  // On a phone's width every marker is still inside the map (it fits the towns again).
  const inside = async (title: string) => {
    const box = await map.boundingBox();
    const marker = await map.getByTitle(title).boundingBox();
    if (!box || !marker) return false;
    return marker.x >= box.x && marker.x + marker.width <= box.x + box.width;
  };
  await expect.poll(() => inside("Cambridge: 2 posts")).toBe(true);
  await expect.poll(() => inside("Ipswich: 1 post")).toBe(true);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/links/map-360.png", fullPage: true });
});
