import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";

/** Emailed links that cannot be used (forged, cut short, missing) show a clear page (issue 15). */
const INVALID = "This link is invalid or has expired.";
const invalidMessage = (page: Page) => page.getByRole("alert").filter({ hasText: INVALID });
const FORGED = "A".repeat(43);

test("a forged verification link: the message, and signed out, the way to a new one", async ({
  page,
}) => {
  await page.goto(`/verify-email?token=${FORGED}`);
  await expect(invalidMessage(page)).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a forged verification link, signed in: a new link at once", async ({ page }) => {
  await signUpWithProfile(page, newAccount("badlink"));
  await page.goto(`/verify-email?token=${FORGED}`);
  await expect(invalidMessage(page)).toBeVisible();
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Verification email sent." }),
  ).toBeVisible();
});

test("a forged reset link: refused on sending, with the way to a new one", async ({ page }) => {
  await page.goto(`/reset-password?token=${FORGED}`);
  await page.getByLabel("New password").fill("Long-enough-password-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(invalidMessage(page)).toBeVisible();
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
});

for (const path of [
  "/reset-password",
  "/verify-email",
  "/verify-email?token=",
  "/reset-password?token=%00",
]) {
  test(`${path}: the invalid-link page, never a blank one`, async ({ page }) => {
    await page.goto(path);
    if (path.startsWith("/reset-password?token=")) {
      await page.getByLabel("New password").fill("Long-enough-password-9");
      await page.getByRole("button", { name: "Set new password" }).click();
    }
    await expect(invalidMessage(page)).toBeVisible();
  });
}
