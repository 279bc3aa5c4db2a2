import { expect, type Page, test } from "@playwright/test";
import { newAccount, registerInBrowser, signUpWithProfile } from "./support/accounts.ts";
import { latestMailTo } from "./support/mailbox.ts";

/**
 * Verifying an email address by the link the app mails (issue 15), the mail caught by the real
 * SMTP server playwright.config.ts starts.
 */
const verifyNotice = (page: Page) =>
  page.getByRole("complementary", { name: "Email verification" });
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

test("register, follow the verification mail's link: verified, the notice gone", async ({
  page,
}) => {
  const account = newAccount("verify");
  await registerInBrowser(page, account);
  await expect(verifyNotice(page)).toContainText("Please verify your email address.");

  const mail = await latestMailTo(account.email);
  expect(mail.subject).toBe("Confirm your email for Your Local Talents");
  const link = mail.links[0] ?? "";
  expect(link).toMatch(/\/verify-email\?token=/);
  await page.goto(link);
  await expect(page.getByRole("status")).toHaveText("Your email is verified.");
  await expect(verifyNotice(page)).toHaveCount(0);
  expect((await (await page.request.get("/api/me")).json()).user.emailVerified).toBe(true);

  // Signed-in pages no longer ask.
  await page.goto("/createYourUser");
  await expect(page.getByRole("heading", { level: 1, name: "Create your profile" })).toBeVisible();
  await expect(verifyNotice(page)).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link is invalid or has expired.");
});

test("Resend mails a new link, and that one verifies", async ({ page }) => {
  const account = await signUpWithProfile(page, newAccount("resend"));
  await page.goto("/feed");
  await verifyNotice(page).getByRole("button", { name: "Resend" }).click();
  await expect(alertWith(page, "Verification email sent.")).toBeVisible();

  const mail = await latestMailTo(account.email, { count: 2 });
  await page.goto(mail.links[0] ?? "");
  await expect(page.getByRole("status")).toHaveText("Your email is verified.");
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  await expect(verifyNotice(page)).toHaveCount(0);
});
