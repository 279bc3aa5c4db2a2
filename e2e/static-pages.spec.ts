import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("landing page shows the product name, intro and the signed-out top bar", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Your Local Talents" })).toBeVisible();
  await expect(page.getByText(/offer your own skills/)).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Register" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Feed" })).toHaveCount(0);
});

test("the logo leads home and the top bar buttons lead to login and register", async ({ page }) => {
  await page.goto("/success");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await nav.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await nav.getByRole("link", { name: "Your Local Talents" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Local Talents" })).toBeVisible();
});

for (const [path, text] of [
  ["/success", "Payment is successful"],
  ["/error", "Payment Failed"],
] as const) {
  test(`${path} says '${text}' with a 'Buy Again' link home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: text })).toBeVisible();
    await page.getByRole("link", { name: "Buy Again" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("an unknown path shows a friendly not-found page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("hashed assets are cached for a year, the page itself revalidated", async ({
  page,
  request,
}) => {
  const assets: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/assets/")) assets.push(r.url());
  });
  const html = await page.goto("/");
  expect(html?.headers()["cache-control"]).toBe("no-cache");
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0] as string);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

for (const path of ["/", "/success", "/error", "/no/such/page", "/login", "/register"]) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test("the page runs under the Content-Security-Policy without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { level: 1, name: "Your Local Talents" })).toBeVisible();
  expect(errors).toEqual([]);
});
