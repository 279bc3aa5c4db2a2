import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, registerInBrowser, signUpWithProfile } from "./support/accounts.ts";
import { nav } from "./support/landmarks.ts";
import { chooseGoogleAccount } from "./support/sign-in.ts";

/** Deleting one's account from /settings (issue 15): confirmation, then signed out and gone. */
const deleteSection = (page: Page) =>
  page.getByRole("region", { name: "Delete my account", exact: true });
const confirmation = (page: Page) => page.getByRole("dialog", { name: "Delete your account?" });

async function askToDelete(page: Page, password: string) {
  await page.goto("/settings");
  const form = deleteSection(page);
  await expect(form).toContainText(
    "Your profile, posts, reviews and chat messages are removed. Your username stays reserved for 90 days.",
  );
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(confirmation(page)).toBeVisible();
}

test("delete my account: confirmed, signed out, the profile gone, the username refused", async ({
  page,
}) => {
  const account = await signUpWithProfile(page, newAccount("leaver"));
  const posted = await page.request.post("/api/articles", {
    data: { title: "Bike repairs", topic: "Repairs", body: "Punctures fixed while you wait." },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()).article as { id: number }).id;

  await askToDelete(page, account.password);
  // Cancel first: nothing happens.
  await confirmation(page).getByRole("button", { name: "Cancel" }).click();
  await expect(confirmation(page)).toHaveCount(0);
  expect((await (await page.request.get("/api/me")).json()).user).not.toBeNull();

  await deleteSection(page).getByRole("button", { name: "Delete my account" }).click();
  await confirmation(page).getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("alert").filter({ hasText: "Your account is deleted." }),
  ).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBeNull();

  await page.goto(`/user/${account.username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Profile not found" })).toBeVisible();
  expect((await page.request.get(`/api/articles/${postId}`)).status()).toBe(404);

  // Someone else cannot take the username for now.
  const newcomer = newAccount("newcomer");
  await registerInBrowser(page, newcomer);
  await page.getByLabel("Username").fill(account.username);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/already taken/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/createYourUser$/);
});

test("a wrong password keeps the account and says so", async ({ page }) => {
  await signUpWithProfile(page, newAccount("stayer"));
  await askToDelete(page, "not-my-password-1");
  await confirmation(page).getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(confirmation(page)).toHaveCount(0);
  await expect(deleteSection(page).getByText("The password is incorrect.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  expect((await (await page.request.get("/api/me")).json()).user).not.toBeNull();
});

test("a Google-only account, signed in just now, deletes without a password", async ({ page }) => {
  const email = `google-${randomBytes(4).toString("hex")}@gmail.test`;
  const username = `g_${randomBytes(4).toString("hex")}`;
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseGoogleAccount(page, email);
  await expect(page).toHaveURL(/\/createYourUser$/);
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/feed$/);

  await page.goto("/settings");
  await deleteSection(page).getByRole("button", { name: "Delete my account" }).click();
  await confirmation(page).getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  await page.goto(`/user/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: "Profile not found" })).toBeVisible();
});
