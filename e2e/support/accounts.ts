import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";

export type TestAccount = { email: string; password: string; username: string };

/** A unique account description; usernames satisfy 3–30 of a-z 0-9 _ -. */
export function newAccount(prefix = "user"): TestAccount {
  const id = randomBytes(4).toString("hex");
  return {
    email: `${prefix}-${id}@example.test`,
    password: `pw-${id}-Kettle!`,
    username: `${prefix}_${id}`,
  };
}

/**
 * Registers `account` and creates its profile through `request` (an API context, or a page's), so
 * that context is signed in as it afterwards.
 */
export async function registerWithProfile(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
  profile: { skills?: string[]; interests?: string[] } = {},
): Promise<TestAccount> {
  const registered = await request.post("/api/auth/register", {
    data: { email: account.email, password: account.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const created = await request.post("/api/users", {
    data: {
      username: account.username,
      skills: profile.skills ?? [],
      interests: profile.interests ?? [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

/**
 * Registers an account and creates its profile through the API, sharing cookies with the page's
 * browser context, so the page is signed in afterwards. For journeys that are not about sign-up.
 */
export async function signUpWithProfile(
  page: Page,
  account: TestAccount = newAccount(),
  profile: { skills?: string[]; interests?: string[] } = {},
): Promise<TestAccount> {
  await registerWithProfile(page.request, account, profile);
  // The app keeps the username in local storage under 'user' (SPEC §3).
  await page.addInitScript((username) => {
    window.localStorage.setItem("user", JSON.stringify(username));
  }, account.username);
  return account;
}

/** Registers `account` through the register page, as a newcomer does; ends on /createYourUser. */
export async function registerInBrowser(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/createYourUser$/);
}
