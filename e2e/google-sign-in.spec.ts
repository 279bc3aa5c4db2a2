import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { newAccount } from "./support/accounts.ts";
import { nav, notice } from "./support/landmarks.ts";
import { verifyAddress } from "./support/mailbox.ts";
import { chooseGoogleAccount, expectProfileLinkOf } from "./support/sign-in.ts";

/**
 * Google sign-in end to end, against the local OpenID Connect provider playwright.config.ts starts
 * (e2e/support/oidc-server.ts): its account page picks who signs in; the same email is the same
 * Google account (same subject) on every visit.
 */
const googleEmail = () => `google-${randomBytes(4).toString("hex")}@gmail.test`;
const newUsername = () => `g_${randomBytes(4).toString("hex")}`;

/** Opens `path` and signs in through its Google button as `email`. */
async function signInWithGoogle(page: Page, path: "/login" | "/register", email: string) {
  await page.goto(path);
  const button = path === "/login" ? "Sign in with Google" : "Sign up with Google";
  await page.getByRole("button", { name: button }).click();
  await chooseGoogleAccount(page, email);
}

test("first Google sign-in goes to /createYourUser, then the feed", async ({ page }) => {
  const email = googleEmail();
  const username = newUsername();
  await signInWithGoogle(page, "/register", email);

  await expect(page).toHaveURL(/\/createYourUser$/);
  const me = await (await page.request.get("/api/me")).json();
  expect(me.user).toMatchObject({ email, displayName: "Grace Hopper" });
  expect(me.profile).toBeNull();

  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/feed$/);
  expect(await page.evaluate(() => window.localStorage.getItem("user"))).toBe(
    JSON.stringify(username),
  );
});

test("a returning Google account goes straight to the feed", async ({ page }) => {
  const email = googleEmail();
  const username = newUsername();
  // The account's first visit, its profile, and signing out.
  await signInWithGoogle(page, "/login", email);
  await expect(page).toHaveURL(/\/createYourUser$/);
  expect((await page.request.post("/api/users", { data: { username } })).status()).toBe(201);
  await page.goto("/feed");
  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();

  // Returning.
  await nav(page).getByRole("link", { name: "Login" }).click();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseGoogleAccount(page, email);
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  await expectProfileLinkOf(page, username);
  // The username is stored locally after a Google sign-in too (SPEC §3).
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem("user")))
    .toBe(JSON.stringify(username));
});

test("a cancelled Google sign-in on /login says 'Error when signing in'", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(notice(page, "Error when signing in")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test("Google sign-up failures on /register show the provider's message", async ({
  page,
  request,
}) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Sign up with Google" }).click();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(notice(page, "Google sign-in was cancelled.")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // A Google account whose email already has a verified password account is not joined to it (an
  // unverified one is taken over: src/server/accounts tests).
  const existing = newAccount("pw");
  const registered = await request.post("/api/auth/register", {
    data: { email: existing.email, password: existing.password },
  });
  expect(registered.status()).toBe(201);
  await verifyAddress(request, existing.email);
  await page.getByRole("button", { name: "Sign up with Google" }).click();
  await chooseGoogleAccount(page, existing.email);
  await expect(notice(page, "An account already uses this Google account's email.")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
});
