import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { newAccountsURL } from "./support/new-accounts-server.ts";
import { createSignedOutAccount } from "./support/sign-in.ts";

/**
 * Issue 34 item 15: About and Community guidelines, linked from every page's footer and from the
 * report dialog, in the operator's words when they wrote some (DATA_DIR/pages/<name>.md).
 */
const footer = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "About this site" });

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the footer leads to About and to the community guidelines, with the shipped texts", async ({
    page,
  }) => {
    await page.goto("/");
    await footer(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "How it works" })).toBeVisible();
    await page.screenshot({ path: "/tmp/firstrun/about-360.png", fullPage: true });

    await footer(page).getByRole("link", { name: "Community guidelines" }).click();
    await expect(page).toHaveURL(/\/guidelines$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Community guidelines" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Be kind" })).toBeVisible();
    await page.screenshot({ path: "/tmp/firstrun/guidelines-360.png", fullPage: true });
  });
});

for (const width of [360, 1280]) {
  test(`About and the guidelines have no WCAG A/AA violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/about", "/guidelines"]) {
      await page.goto(path);
      await expect(page.locator("main h2").first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(results.violations.map((v) => `${path}: ${v.id}: ${v.help}`)).toEqual([]);
    }
    await page.screenshot({ path: `/tmp/firstrun/guidelines-${width}.png`, fullPage: true });
  });
}

test("the report dialog links to the guidelines in a new tab, keeping what was typed", async ({
  page,
  request,
}) => {
  const author = await createSignedOutAccount(request, { prefix: "guided" });
  await page.goto("/login");
  await page.getByLabel("Email").fill(author.email);
  await page.getByLabel("Password").fill(author.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
  const posted = await page.request.post("/api/articles", {
    data: { title: "Bike repairs", topic: "Repairs", body: "Punctures and brakes, same day." },
  });
  expect(posted.status()).toBe(201);
  // A member reports someone else's post: a second account in its own browser.
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error("no browser");
  try {
    const reporter = await context.newPage();
    const account = await createSignedOutAccount(reporter.request, { prefix: "reader" });
    await reporter.goto("/login");
    await reporter.getByLabel("Email").fill(account.email);
    await reporter.getByLabel("Password").fill(account.password);
    await reporter.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(reporter).toHaveURL(/\/feed$/);
    await reporter.goto(`/articles/${((await posted.json()).article as { id: number }).id}`);
    await reporter.getByRole("button", { name: "Report" }).click();
    const dialog = reporter.getByRole("dialog", { name: "Report" });
    await dialog.getByLabel("Note (optional)").fill("Looks copied");
    const link = dialog.getByRole("link", { name: "community guidelines (opens in a new tab)" });
    const opened = context.waitForEvent("page");
    await link.click();
    const guidelines = await opened;
    await expect(
      guidelines.getByRole("heading", { level: 1, name: "Community guidelines" }),
    ).toBeVisible();
    await expect(dialog.getByLabel("Note (optional)")).toHaveValue("Looks copied");
    await reporter.screenshot({ path: "/tmp/firstrun/report-dialog-1280.png" });
  } finally {
    await context.close();
  }
});

test.describe("with the operator's own text", () => {
  // The second e2e server's data directory: no other journey reads its About page.
  const pagesDir = path.join(process.env.E2E_NEW_ACCOUNTS_DATA_DIR ?? "", "pages");
  test.afterAll(() => fs.rmSync(pagesDir, { recursive: true, force: true }));

  test("About shows DATA_DIR/pages/about.md at once, as Markdown, raw HTML as text", async ({
    page,
  }) => {
    fs.mkdirSync(pagesDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(
      path.join(pagesDir, "about.md"),
      "## Cambridge talents\n\nRun by *Ana* and friends.\n\n<b>not bold</b>\n",
      { mode: 0o600 },
    );
    await page.goto(`${newAccountsURL()}/about`);
    await expect(page.getByRole("heading", { level: 2, name: "Cambridge talents" })).toBeVisible();
    await expect(page.getByText("Run by Ana and friends.")).toBeVisible();
    await expect(page.getByText("<b>not bold</b>")).toBeVisible();
    await expect(page.getByRole("heading", { name: "How it works" })).toHaveCount(0);
  });
});
