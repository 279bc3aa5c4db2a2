import fs from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, signUpWithProfile, type TestAccount } from "./support/accounts.ts";
import { latestMailTo } from "./support/mailbox.ts";

/** /settings (issue 15): password, sessions, email and export, each through the real server. */
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** Another browser (its own cookies and user agent) signed in to `account` through the API. */
async function signInElsewhere(browser: Browser, account: TestAccount, userAgent?: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    ...(userAgent ? { userAgent } : {}),
  });
  const signedIn = await context.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return context;
}

async function openSettings(page: Page) {
  await page.goto("/feed");
  await nav(page).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("change password: the new one signs in, the old one is refused", async ({ page }) => {
  const account = await signUpWithProfile(page, newAccount("chpw"));
  const newPassword = `${account.password}-new`;
  await openSettings(page);
  const form = section(page, "Change password");
  await form.getByLabel("Current password").fill(account.password);
  await form.getByLabel("New password").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(alertWith(page, "Password changed.")).toBeVisible();
  // This browser stays signed in.
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await signIn(page, account.email, account.password);
  await expect(page.getByText("Email or password was incorrect", { exact: true })).toBeVisible();
  await signIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/feed$/);
});

test("a wrong current password is said on its field", async ({ page }) => {
  await signUpWithProfile(page, newAccount("chpw"));
  await openSettings(page);
  const form = section(page, "Change password");
  await form.getByLabel("Current password").fill("not-my-password-1");
  await form.getByLabel("New password").fill("Another-password-2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The password is incorrect.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
});

test("wrong current passwords count like failed sign-ins: the form says the check is paused", async ({
  page,
}) => {
  const account = await signUpWithProfile(page, newAccount("chpw"));
  await openSettings(page);
  const form = section(page, "Change password");
  const submit = async (currentPassword: string) => {
    await form.getByLabel("Current password").fill(currentPassword);
    await form.getByLabel("New password").fill("Another-password-2");
    const answered = page.waitForResponse((res) => res.url().endsWith("/api/me/password"));
    await form.getByRole("button", { name: "Change password" }).click();
    return (await answered).status();
  };
  // The shipped limit: 5 failures in 15 minutes (issue 28 item 7).
  for (let i = 0; i < 5; i++) expect(await submit(`not-my-password-${i}`)).toBe(400);
  expect(await submit(account.password)).toBe(429);
  await expect(
    alertWith(
      page,
      "Confirming changes with your password is paused after too many failed attempts.",
    ),
  ).toBeVisible();
});

test("sessions: each other browser listed, one signed out, then everywhere else", async ({
  page,
  browser,
}) => {
  const account = await signUpWithProfile(page, newAccount("sessions"));
  const firefox = await signInElsewhere(browser, account, FIREFOX);
  const another = await signInElsewhere(browser, account);
  await openSettings(page);

  const sessions = section(page, "Sessions");
  const items = sessions.getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText("This browser");
  await expect(items.filter({ hasText: "This browser" })).toHaveCount(1);
  await expect(items.first().getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(items.first()).toContainText("Last used");

  const firefoxItem = items.filter({ hasText: "Firefox" });
  await expect(firefoxItem).toHaveCount(1);
  await firefoxItem.getByRole("button", { name: "Sign out" }).click();
  await expect(items).toHaveCount(2);
  expect((await (await firefox.request.get("/api/me")).json()).user).toBeNull();
  expect((await (await another.request.get("/api/me")).json()).user).not.toBeNull();

  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("This browser");
  await expect(sessions.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  expect((await (await another.request.get("/api/me")).json()).user).toBeNull();
  // The other browser's pages now see it signed out.
  const otherPage = await another.newPage();
  await otherPage.goto("/feed");
  await expect(
    otherPage.getByRole("alert").filter({ hasText: "You don't have access!" }),
  ).toBeVisible();
  // This one is still in.
  await page.reload();
  await expect(section(page, "Sessions").getByRole("listitem")).toHaveCount(1);
  await firefox.close();
  await another.close();
});

test("change email: the link goes to the new address and makes it the account's", async ({
  page,
}) => {
  const account = await signUpWithProfile(page, newAccount("chmail"));
  const newEmail = newAccount("chmail-new").email;
  await openSettings(page);
  const form = section(page, "Change email");
  await expect(form).toContainText(`Your account's email is ${account.email}.`);
  await form.getByLabel("New email").fill(newEmail);
  await form.getByLabel("Current password").fill(account.password);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByRole("status")).toHaveText(
    `We sent a link to ${newEmail}. Your email changes once you follow it.`,
  );
  // Nothing changes until the link is followed.
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(account.email);

  const mail = await latestMailTo(newEmail);
  expect(mail.subject).toBe("Confirm your new email for Your Local Talents");
  await page.goto(mail.links[0] ?? "");
  await expect(page.getByRole("status")).toHaveText("Your email is verified.");
  await expect(page.getByText(`Your account's email is ${newEmail}.`)).toBeVisible();

  // The old address is told (after its verification mail of sign-up).
  const notice = await latestMailTo(account.email, { count: 2 });
  expect(notice.subject).toBe("Your email was changed");
  expect(notice.text).not.toContain(newEmail);

  await openSettings(page);
  await expect(section(page, "Change email")).toContainText(`Your account's email is ${newEmail}.`);
  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await signIn(page, newEmail, account.password);
  await expect(page).toHaveURL(/\/feed$/);
});

test("export my data: a JSON download with the profile", async ({ page }) => {
  const account = await signUpWithProfile(page, newAccount("export"), { skills: ["Plumber"] });
  await openSettings(page);
  const downloading = page.waitForEvent("download");
  await section(page, "Export my data").getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`your-local-talents-${account.username}.json`);
  const exported = JSON.parse(await fs.readFile(await download.path(), "utf8"));
  expect(exported.account).toMatchObject({ email: account.email, emailVerified: false });
  expect(exported.profile).toMatchObject({ username: account.username, skills: ["Plumber"] });
  expect(exported.sessions.length).toBeGreaterThanOrEqual(1);
  expect(exported).toHaveProperty("posts", []);
});

test("the accounts pages pass the accessibility checks, the dialog open too", async ({ page }) => {
  const axe = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze()
    ).violations.map((violation) => `${page.url()} ${violation.id}: ${violation.help}`);

  await page.goto("/forgot-password");
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.goto("/reset-password?token=abc");
  await expect(page.getByLabel("New password")).toBeVisible();
  expect(await axe()).toEqual([]);

  await signUpWithProfile(page, newAccount("axe"));
  await openSettings(page);
  await expect(section(page, "Sessions").getByText("This browser")).toBeVisible();
  // The unverified notice is there too.
  await expect(page.getByRole("complementary", { name: "Email verification" })).toBeVisible();
  expect(await axe()).toEqual([]);
  await section(page, "Delete my account")
    .getByRole("button", { name: "Delete my account" })
    .click();
  await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
  expect(await axe()).toEqual([]);
});
