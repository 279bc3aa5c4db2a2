import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUpWithProfile } from "./support/accounts.ts";
import { createPost, feedCard, openPost, tag } from "./support/posts.ts";

// Some journeys here answer API reads with page.route(), which never sees the requests a service
// worker makes: the app's worker (src/web/sw.ts, e2e/pwa.spec.ts tests it) stays out.
test.use({ serviceWorkers: "block" });

const feedList = (page: Page) => page.getByRole("list", { name: "Posts" });

test("add a post from the feed: the form toggles, the new card goes on top, the form is cleared and closed", async ({
  page,
}) => {
  await signUpWithProfile(page);
  await createPost(page.request, { title: `Older ${tag()}`, topic: "Misc", body: "Already here." });
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  await expect(feedList(page)).toBeVisible();

  const toggle = page.getByRole("button", { name: "Add a post" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await toggle.click();
  const nevermind = page.getByRole("button", { name: "Nevermind" });
  await expect(nevermind).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Title")).toBeFocused();
  await nevermind.click();
  await expect(page.getByRole("form", { name: "Add a post" })).toHaveCount(0);

  await page.getByRole("button", { name: "Add a post" }).click();
  const form = page.getByRole("form", { name: "Add a post" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Title is required.")).toBeVisible();
  await expect(form.getByText("Topic is required.")).toBeVisible();
  await expect(form.getByText("Body is required.")).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  const title = `Guitar lessons ${tag()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Topic").fill("Music");
  await page.getByLabel("Body").fill("Beginners welcome.\nSaturday mornings.");
  await form.getByRole("button", { name: "Submit" }).click();

  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add a post" })).toBeFocused();
  // Said where the form was, with a link to the post (issue 20: not a passing notice).
  await expect(page.getByRole("status").filter({ hasText: "Your post is live." })).toBeVisible();
  const first = feedList(page).getByRole("listitem").first();
  await expect(first.getByRole("heading", { name: title })).toBeVisible();
  await expect(first.getByText("Music", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Add a post" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByLabel("Topic")).toHaveValue("");
  await expect(page.getByLabel("Body")).toHaveValue("");

  // It is stored: a reload still shows it first among the posts this test made.
  await page.reload();
  await expect(feedCard(page, title)).toHaveCount(1);
});

test("a post the server refuses keeps what was typed and shows why", async ({ page }) => {
  await signUpWithProfile(page);
  await page.goto("/feed");
  await page.getByRole("button", { name: "Add a post" }).click();
  await page.getByLabel("Title").fill("A".repeat(121));
  await page.getByLabel("Topic").fill("Music");
  await page.getByLabel("Body").fill("Kept");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Title must be at most 120 characters.")).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveValue("Kept");

  // Signed out meanwhile: the server answers 401 and the form keeps everything.
  await page.context().clearCookies();
  await page.getByLabel("Title").fill("Still here");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your post was not added." }),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Still here");
  await expect(page.getByLabel("Topic")).toHaveValue("Music");
  await expect(page.getByLabel("Body")).toHaveValue("Kept");
});

test("cards show the preview rule and link to the post and to the author's profile", async ({
  page,
}) => {
  const account = await signUpWithProfile(page);
  const id = tag();
  const long = await createPost(page.request, {
    title: `Long ${id}`,
    topic: "Cooking",
    body: "I cook Italian food for parties, weddings and birthdays.", // 55 characters
  });
  const exact = await createPost(page.request, {
    title: `Fifty ${id}`,
    topic: "Cooking",
    body: `${"x".repeat(40)} ten chars`, // exactly 50 characters
  });
  await createPost(page.request, {
    title: `Emoji ${id}`,
    topic: "Fun",
    body: `${"🎸".repeat(30)}${"é".repeat(30)}`, // 60 characters
  });
  await page.goto("/feed");

  await expect(
    feedCard(page, long.title).getByText("I cook Italian food for p...", { exact: true }),
  ).toBeVisible();
  await expect(feedCard(page, exact.title).getByText(exact.body, { exact: true })).toBeVisible();
  await expect(
    feedCard(page, `Emoji ${id}`).getByText(`${"🎸".repeat(25)}...`, { exact: true }),
  ).toBeVisible();
  await expect(feedCard(page, long.title).getByText("Cooking", { exact: true })).toBeVisible();
  await expect(feedCard(page, long.title).getByText(`by: ${account.username}`)).toBeVisible();

  await feedCard(page, long.title).getByRole("link", { name: account.username }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${account.username}$`));

  await page.goBack();
  await feedCard(page, long.title).getByRole("link", { name: long.title }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/${long.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: long.title })).toBeVisible();
  await expect(page.getByText(long.body, { exact: true })).toBeVisible();
});

test("the post page shows topic, title, author, the body with its line breaks and 'Chat to'", async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await signUpWithProfile(page);
  const post = await createPost(page.request, {
    title: `Tiling help ${tag()}`,
    topic: "Home repair",
    body: "Bathroom floor, about 6 m².\n\nTiles are bought.\n<b>not bold</b>",
  });
  const article = await openPost(page, post);
  await expect(article.getByText("Home repair", { exact: true })).toBeVisible();
  await expect(article.getByText(`by: ${account.username}`)).toBeVisible();
  const body = article.getByText("Bathroom floor");
  expect(await body.innerText()).toBe(post.body);
  await expect(article.locator("b")).toHaveCount(0);
  await expect(page).toHaveTitle(`${post.title} · Your Local Talents`);

  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await article.getByRole("link", { name: account.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${account.username}$`));
  await page.goBack();
  // One's own post offers no 'Chat to' (issue 17); anyone else's opens a conversation with its author.
  await expect(article.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole("link", { name: `Chat to ${account.username}` })).toHaveCount(0);
  const reader = await browser.newContext({ baseURL });
  const readerPage = await reader.newPage();
  await signUpWithProfile(readerPage);
  await readerPage.goto(`/articles/${post.id}`);
  await readerPage.getByRole("link", { name: `Chat to ${account.username}` }).click();
  await expect(readerPage).toHaveURL(new RegExp(`/chatapp\\?with=${account.username}&post=\\d+$`));
  await reader.close();
});

test("a placeholder skeleton shows while the post loads", async ({ page }) => {
  await signUpWithProfile(page);
  const post = await createPost(page.request, { title: `Slow ${tag()}`, topic: "T", body: "B" });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/articles/${post.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/articles/${post.id}`);
  const skeleton = page.getByRole("status", { name: "Loading post" });
  await expect(skeleton).toBeVisible();
  await expect(page.getByRole("heading", { name: post.title })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test("an unknown or malformed post address shows a clear not-found state", async ({ page }) => {
  for (const path of ["/articles/999999999999", "/articles/not-a-number"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See the most recent posts" })).toBeVisible();
  }
});

test("paging: every post loads once as the list is scrolled and 'Load more' is used", async ({
  page,
}) => {
  await signUpWithProfile(page);
  const run = tag();
  const titles: string[] = [];
  for (let i = 0; i < 45; i++) {
    const title = `Paging ${run} #${String(i).padStart(2, "0")}`;
    titles.push(title);
    await createPost(page.request, { title, topic: "Paging", body: `Post ${i}` });
  }
  await page.goto("/feed");
  const items = feedList(page).getByRole("listitem");
  await expect(items).toHaveCount(20);

  // Posts that arrive while the list is open do not shift the pages (no duplicates, no gaps).
  const late: string[] = [];
  for (let i = 0; i < 3; i++) {
    late.push(`Late ${run} #${i}`);
    await createPost(page.request, { title: late[i] ?? "", topic: "Paging", body: "late" });
  }

  const end = page.getByText("That's all the posts for now.");
  const more = page.getByRole("button", { name: "Load more" });
  // Scrolling to the end loads the next page by itself…
  await more.scrollIntoViewIfNeeded();
  await expect.poll(() => items.count()).toBeGreaterThan(20);
  // …and the button does the same, until the end.
  await expect(async () => {
    // Short timeouts: the button goes away when the last page has come.
    if (await more.isEnabled({ timeout: 100 }).catch(() => false)) {
      await more.click({ timeout: 1_000 }).catch(() => {});
    }
    await expect(end).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 20_000 });

  // Other journeys post at the same time, some with the same titles as each other: this run's
  // own posts are the ones to find once each, in order.
  const shown = await feedList(page).getByRole("heading", { level: 2 }).allInnerTexts();
  const mine = shown.filter((title) => title.startsWith(`Paging ${run}`));
  expect(mine).toEqual([...titles].reverse());
  expect(shown.some((title) => title.startsWith(`Late ${run}`))).toBe(false);

  await page.reload();
  await expect(feedCard(page, late[2] ?? "")).toHaveCount(1);
});

test("the feed passes an accessibility scan and fits a 360 px screen", async ({ page }) => {
  await signUpWithProfile(page);
  await createPost(page.request, {
    title: `A rather long title to see how it wraps on narrow screens ${tag()}`,
    topic: "Layout",
    body: "Supercalifragilisticexpialidocious-and-a-very-long-unbroken-word-indeed",
  });
  await page.goto("/feed");
  await expect(feedList(page)).toBeVisible();
  await page.getByRole("button", { name: "Add a post" }).click();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
