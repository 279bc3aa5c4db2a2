import { expect, type Page, test } from "@playwright/test";
import { previewBody } from "../src/shared/preview.ts";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";

/**
 * Stored text never becomes markup (issue 8, ASVS 1.2.1/1.3.x): a post, a bio, a review and a chat
 * message made of HTML render as the same characters, and no handler in them runs.
 *
 * The page's Content-Security-Policy (no inline script) would block these handlers by itself, so the
 * test turns CSP off: what it checks is the rendering layer alone, and it ends with a control that
 * proves the very same payload runs once it does become markup.
 */
test.use({ bypassCSP: true });

const IMG = `<img src=x onerror="window.__xss=1">`;
const SCRIPT = "<script>window.__xss=1</script>";
/** Breaks out of a quoted attribute, should any text land in one. */
const ATTR = `"><svg onload=window.__xss=1>`;

declare global {
  interface Window {
    __xss?: number;
  }
}

/** Nothing that came from stored text is an element, and no handler has run. */
async function expectNoInjectedMarkup(page: Page): Promise<void> {
  // A failing <img src=x> reports its error after the fetch: let the page settle first.
  await page.waitForLoadState("networkidle");
  const found = await page.evaluate(() => ({
    xss: window.__xss,
    images: document.querySelectorAll('img[src="x"]').length,
    svgs: document.querySelectorAll("svg[onload]").length,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes("__xss")).length,
  }));
  expect(found).toEqual({ xss: undefined, images: 0, svgs: 0, handlers: 0, scripts: 0 });
}

test("a post, a bio, a review and chat messages made of HTML render as text", async ({
  page,
  browser,
}) => {
  const author = await signUpWithProfile(page, newAccount("xss"));

  const body = `${ATTR}\n${IMG}\n${SCRIPT}`;
  const posted = await page.request.post("/api/articles", {
    data: { title: IMG, topic: SCRIPT, body },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const article = (await posted.json()).article as { id: number };

  const bio = `${IMG} ${SCRIPT} ${ATTR}`;
  const edited = await page.request.put(`/api/users/${author.username}`, { data: { bio } });
  expect(edited.status(), await edited.text()).toBe(200);

  // A review needs another author (no self-review).
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await context.newPage();
  await signUpWithProfile(other, newAccount("xssrev"));
  const reviewed = await other.request.post("/api/reviews", {
    data: { created_about: author.username, title: IMG, body: `${SCRIPT} ${ATTR}`, rating: 4 },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);

  // Chat: typed into the form and sent, as a person would.
  await page.goto("/chatapp");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const log = page.getByRole("log", { name: "Chat messages" });
  for (const text of [IMG, SCRIPT, ATTR]) {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const item = log.getByRole("listitem").filter({ hasText: text });
    await expect(item).toBeVisible();
    await expect(item).not.toContainText("Sending…");
    await expect(item.locator(".chat-text")).toHaveText(text);
  }
  await expectNoInjectedMarkup(page);

  // Someone else's view of the room: the messages come in the snapshot.
  await other.goto("/chatapp");
  const otherLog = other.getByRole("log", { name: "Chat messages" });
  for (const text of [IMG, SCRIPT, ATTR]) {
    await expect(otherLog.locator(".chat-text").filter({ hasText: text })).toHaveText(text);
  }
  await expectNoInjectedMarkup(other);

  // The feed card: title, topic badge and body preview.
  await page.goto("/feed");
  const card = page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: IMG, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.locator(".badge")).toHaveText(SCRIPT);
  await expect(card.locator(".post-card-body")).toHaveText(previewBody(body));
  await expectNoInjectedMarkup(page);

  // The post page, with the title in the document's title too.
  await page.goto(`/articles/${article.id}`);
  await expect(page.getByRole("heading", { level: 1, name: IMG, exact: true })).toBeVisible();
  await expect(page.locator(".post-body")).toHaveText(body);
  await expect(page).toHaveTitle(`${IMG} · Your Local Talents`);
  await expectNoInjectedMarkup(page);

  // The pages' HTML as a link preview's crawler reads it (issue 33): the post's title and the bio
  // are in the head's tags as escaped text, never as markup.
  for (const address of [`/articles/${article.id}`, `/user/${author.username}`]) {
    const html = await (await page.request.get(address)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    for (const payload of [IMG, SCRIPT, ATTR]) expect(head).not.toContain(payload);
  }
  const postHtml = await (await page.request.get(`/articles/${article.id}`)).text();
  expect(postHtml).toContain(
    '<meta property="og:title" content="&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;" />',
  );

  // The profile page: the bio and the review about its owner.
  await page.goto(`/user/${author.username}`);
  await expect(page.locator(".profile-bio")).toHaveText(bio);
  await page.getByRole("button", { name: "See Reviews" }).click();
  const review = page.getByRole("list", { name: `Reviews about ${author.username}` });
  await expect(review.getByRole("heading", { level: 3, name: IMG, exact: true })).toBeVisible();
  await expect(review.locator(".review-body")).toHaveText(`${SCRIPT} ${ATTR}`);
  await expectNoInjectedMarkup(page);

  // The other user sees the same profile the same way.
  await other.goto(`/user/${author.username}`);
  await expect(other.locator(".profile-bio")).toHaveText(bio);
  await expectNoInjectedMarkup(other);

  // Control: the same payload, once it is markup, does run here (so the checks above could fail).
  await page.evaluate((html) => document.body.insertAdjacentHTML("beforeend", html), IMG);
  await expect.poll(() => page.evaluate(() => window.__xss)).toBe(1);
  await context.close();
});
