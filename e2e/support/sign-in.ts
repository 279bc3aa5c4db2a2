import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../../test/harness/server-process.ts";
import { newAccount, type TestAccount } from "./accounts.ts";
import { nav } from "./landmarks.ts";

/**
 * An account made through `request`'s API (its own cookie jar, so a page stays signed out), with a
 * profile unless told otherwise, then signed out. `baseURL` for a server of a journey's own.
 */
export async function createSignedOutAccount(
  request: APIRequestContext,
  { prefix = "user", withProfile = true, baseURL = "" } = {},
): Promise<TestAccount> {
  const account = newAccount(prefix);
  const registered = await request.post(`${baseURL}/api/auth/register`, {
    data: { email: account.email, password: account.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  if (withProfile) {
    const created = await request.post(`${baseURL}/api/users`, {
      data: { username: account.username, skills: [], interests: [] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await request.post(`${baseURL}/api/auth/logout`);
  return account;
}

/**
 * Playwright's `test` with `account`: a member with a profile made through the API before the test,
 * the page still signed out, for journeys that sign in.
 */
export const test = base.extend<{ account: TestAccount }>({
  account: async ({ request }, use) => {
    await use(await createSignedOutAccount(request, { prefix: "member" }));
  },
});

/** Fills the open sign-in form and sends it. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Sends `times` wrong passwords for `email` through the open sign-in form, each refused (401). */
export async function signInWrongly(page: Page, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const answered = page.waitForResponse("**/api/auth/login");
    await fillSignIn(page, email, `guess-${i}-wrong`);
    expect((await answered).status()).toBe(401);
  }
}

/** The top bar's Profile link leads to `username`'s page: the tab is signed in as them. */
export async function expectProfileLinkOf(page: Page, username: string) {
  await expect(nav(page).getByRole("link", { name: "Profile" })).toHaveAttribute(
    "href",
    `/user/${username}`,
  );
}

/** On the local provider's account page (e2e/support/oidc-server.ts), continues as `email`. */
export async function chooseGoogleAccount(page: Page, email: string, name = "Grace Hopper") {
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
}

/**
 * A second server of the journey's own, with `env` on top of the test settings, started before the
 * block and stopped after it; answers a function that gives its URL.
 */
export function ownServer(env: Record<string, string>) {
  const state: { server?: ServerProcess; dataDir?: string } = {};
  base.beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-e2e-own-"));
    state.server = startServer({
      PORT: String(await freePort()),
      DATA_DIR: state.dataDir,
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
      ...env,
    });
    await waitForHealthy(state.server);
  });
  base.afterAll(async () => {
    await state.server?.stop();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!state.server) throw new Error("server not started");
    return state.server.url;
  };
}
