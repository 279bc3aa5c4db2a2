import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { newAccount, registerWithProfile, type TestAccount } from "./support/accounts.ts";
import { latestMailTo, mailsTo } from "./support/mailbox.ts";

/** Forgot password → the mailed link → a new password (issue 15), through the real SMTP server. */
const SENT =
  "If an account uses that email, we sent it a link to reset the password. It works for one hour.";
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** An account with a profile, made through `request` (its own cookies), then signed out. */
async function createAccount(request: APIRequestContext): Promise<TestAccount> {
  const account = await registerWithProfile(request, newAccount("reset"));
  await request.post("/api/auth/logout");
  return account;
}

async function askForResetLink(page: Page, email: string) {
  // The form, not just the URL: the login page (with its own "Email") stays until the page loads.
  const form = page.getByRole("form", { name: "Forgot password" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("forgot password → mail → new password: signed in, the old password refused", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const stranger = newAccount("nobody").email;
  const newPassword = `${account.password}-new`;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // An address without an account gets the same answer, and no mail.
  await askForResetLink(page, stranger);
  await page.goto("/forgot-password");
  await askForResetLink(page, account.email);

  // The verification mail of sign-up came first; the reset link is the newest.
  const mail = await latestMailTo(account.email, { count: 2 });
  expect(mail.subject).toBe("Reset your Your Local Talents password");
  const link = mail.links[0] ?? "";
  expect(link).toMatch(/\/reset-password\?token=/);
  // Mail goes out in order: had the stranger's request sent one, it would be there by now.
  expect(await mailsTo(stranger)).toEqual([]);

  await page.goto(link);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  // The link proved the address.
  expect((await (await page.request.get("/api/me")).json()).user.emailVerified).toBe(true);

  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await signIn(page, account.email, account.password);
  await expect(page.getByText("Email or password was incorrect", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/feed$/);

  // The link works once.
  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await page.goto(link);
  await page.getByLabel("New password").fill(`${newPassword}-again`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link is invalid or has expired.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("a reset signs the account out of every other browser", async ({ page, browser, request }) => {
  const account = await createAccount(request);
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await elsewhere.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  await page.goto("/forgot-password");
  await askForResetLink(page, account.email);
  const mail = await latestMailTo(account.email, { count: 2 });
  await page.goto(mail.links[0] ?? "");
  await page.getByLabel("New password").fill(`${account.password}-new`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/feed$/);

  expect((await (await elsewhere.request.get("/api/me")).json()).user).toBeNull();
  await elsewhere.close();
});
