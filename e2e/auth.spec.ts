import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { nav, notice } from "./support/landmarks.ts";
import {
  createSignedOutAccount,
  expectProfileLinkOf,
  fillSignIn,
  ownServer,
  signInWrongly,
} from "./support/sign-in.ts";

// Some journeys here answer API reads with page.route(), which never sees the requests a service
// worker makes: the app's worker (src/web/sw.ts, e2e/pwa.spec.ts tests it) stays out.
test.use({ serviceWorkers: "block" });

const storedUser = (page: Page) => page.evaluate(() => window.localStorage.getItem("user"));

/** An account made through the API of `request` (its own cookie jar, so the page stays signed out). */
const createAccount = (
  request: APIRequestContext,
  options: { withProfile?: boolean; baseURL?: string } = {},
) => createSignedOutAccount(request, { prefix: "auth", ...options });

/** An account made as createAccount does, and the login page open, signed out. */
async function loginPageWithAccount(
  page: Page,
  request: APIRequestContext,
  options: { withProfile?: boolean } = {},
) {
  const account = await createAccount(request, options);
  await page.goto("/login");
  return account;
}

test("register, create the profile, land on the feed", async ({ page }) => {
  const account = newAccount("journey");
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/createYourUser$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create your profile" })).toBeVisible();
  // Signed in already: the top bar says so, and the profile is still to be made.
  await expect(nav(page).getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByLabel("Username").fill(`  ${account.username.toUpperCase()}  `);
  await page.getByRole("group", { name: "Skills" }).getByLabel("Plumber").check();
  await page.getByRole("group", { name: "Interests" }).getByLabel("Tour Guide").check();
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  expect(await storedUser(page)).toBe(JSON.stringify(account.username));
  await expectProfileLinkOf(page, account.username);
  await expect(nav(page).getByRole("link", { name: "Feed" })).toBeVisible();
  const me = await (await page.request.get("/api/me")).json();
  expect(me.profile).toMatchObject({
    username: account.username,
    email: account.email,
    skills: ["Plumber"],
    interests: ["Tour Guide"],
  });
});

test("sign out: back on /, signed out on the server, and /feed says no access, offering sign-in", async ({
  page,
}) => {
  const account = await signUpWithProfile(page);
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  expect(await storedUser(page)).toBe(JSON.stringify(account.username));

  await nav(page).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Register" })).toBeVisible();
  await expect(nav(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(notice(page, "You don't have access!")).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();

  // SPEC's alert, then (issue 20) the way in rather than home, and back to the feed after.
  await page.goto("/feed");
  await expect(notice(page, "You don't have access!")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Ffeed$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Most recent posts" })).toHaveCount(0);
});

test("the /feed guard waits for the authentication state: no flash of the page", async ({
  page,
}) => {
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/me", async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto("/feed");
  await expect(page.getByRole("main").getByText("Loading...")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Most recent posts" })).toHaveCount(0);
  await expect(notice(page, "You don't have access!")).toHaveCount(0);
  release();
  await expect(notice(page, "You don't have access!")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Ffeed$/);
});

test("the /feed guard reports a failed check and goes home", async ({ page }) => {
  await page.route("**/api/me", (route) => route.abort("connectionrefused"));
  await page.goto("/feed");
  await expect(notice(page, "An error occurred while checking authentication.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Most recent posts" })).toHaveCount(0);
});

test("login with the keyboard alone: 'Successfully Logged In', then the feed", async ({
  page,
  request,
}) => {
  const account = await loginPageWithAccount(page, request);
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await page.getByLabel("Email").focus();
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press("Enter");
  await expect(notice(page, "Successfully Logged In")).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);
  expect(await storedUser(page)).toBe(JSON.stringify(account.username));
  await expectProfileLinkOf(page, account.username);
});

test("login of an identity without a profile goes to /createYourUser", async ({
  page,
  request,
}) => {
  const account = await loginPageWithAccount(page, request, { withProfile: false });
  await fillSignIn(page, account.email, account.password);
  await expect(notice(page, "Successfully Logged In")).toBeVisible();
  await expect(page).toHaveURL(/\/createYourUser$/);
  // The guard keeps it there until the username is chosen.
  await page.goto("/feed");
  await expect(page).toHaveURL(/\/createYourUser$/);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test.describe("login errors with email-enumeration protection on (the default)", () => {
  test("a wrong password and an unknown email both say 'Email or password was incorrect'", async ({
    page,
    request,
  }) => {
    const account = await loginPageWithAccount(page, request);
    await fillSignIn(page, account.email, "not-the-password");
    await expect(page.getByText("Email or password was incorrect", { exact: true })).toBeVisible();
    await expect(notice(page, "The email or password is incorrect.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
      "Email or password was incorrect",
    );
    await expect(page).toHaveURL(/\/login$/);

    await fillSignIn(page, newAccount("nobody").email, "whatever-it-is");
    await expect(page.getByText("Email or password was incorrect", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a badly formed email says 'Invalid email' next to the field", async ({ page }) => {
    await page.goto("/login");
    await fillSignIn(page, "not-an-email", "whatever-it-is");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email");
    await expect(notice(page, "The email address is badly formatted.")).toBeVisible();
  });

  test("the button is disabled while signing in", async ({ page, request }) => {
    const account = await loginPageWithAccount(page, request);
    // The request is held until the button has been seen disabled.
    const held = Promise.withResolvers<void>();
    await page.route("**/api/auth/login", async (route) => {
      await held.promise;
      await route.continue();
    });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    const button = page.getByRole("button", { name: "Sign in", exact: true });
    await button.click();
    await expect(button).toBeDisabled();
    held.resolve();
    await expect(page).toHaveURL(/\/feed$/);
  });
});

test("a stranger's failed guesses pause sign-in to the account, but the owner's browser still gets in", async ({
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const paused =
    /^Sign-in to this account is paused after too many failed attempts\. Try again at .+\.$/;
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [ownerContext, strangerContext] = contexts;
  try {
    // The owner signed in from this browser before, then signed out.
    const owner = await ownerContext.newPage();
    await owner.goto("/login");
    await fillSignIn(owner, account.email, account.password);
    await expect(owner).toHaveURL(/\/feed$/);
    expect((await owner.request.post("/api/auth/logout")).status()).toBe(204);

    // A stranger guesses until the account is locked.
    const stranger = await strangerContext.newPage();
    await stranger.goto("/login");
    await signInWrongly(stranger, account.email, 5);
    // Even the right password is refused now, and the form says so plainly, with the time.
    await fillSignIn(stranger, account.email, account.password);
    await expect(stranger.getByText(paused)).toBeVisible();
    await expect(stranger.getByText("Email or password was incorrect")).toHaveCount(0);
    await expect(stranger.getByLabel("Password")).toHaveAccessibleDescription(paused);
    await expect(stranger).toHaveURL(/\/login$/);

    // The owner's browser is not held by the lock.
    await owner.goto("/login");
    await fillSignIn(owner, account.email, account.password);
    await expect(notice(owner, "Successfully Logged In")).toBeVisible();
    await expect(owner).toHaveURL(/\/feed$/);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test.describe("login errors with email-enumeration protection off", () => {
  test.describe.configure({ mode: "serial" });
  const url = ownServer({ AUTH_ENUMERATION_PROTECTION: "false" });

  test("an unknown email says 'No account with that email was found'", async ({ page }) => {
    await page.goto(`${url()}/login`);
    await fillSignIn(page, newAccount("nobody").email, "whatever-it-is");
    await expect(
      page.getByText("No account with that email was found", { exact: true }),
    ).toBeVisible();
    await expect(notice(page, "There is no account with this email.")).toBeVisible();
  });

  test("a wrong password says 'Incorrect password'", async ({ page, playwright }) => {
    const request = await playwright.request.newContext();
    const account = await createAccount(request, { baseURL: url() });
    await request.dispose();
    await page.goto(`${url()}/login`);
    await fillSignIn(page, account.email, "not-the-password");
    await expect(page.getByText("Incorrect password", { exact: true })).toBeVisible();
    await expect(notice(page, "The password is incorrect.")).toBeVisible();
  });
});

test("registration failures show the provider's message as a notice and next to the field", async ({
  page,
  request,
}) => {
  const taken = await createAccount(request);
  await page.goto("/register");
  await page.getByLabel("Email").fill(taken.email);
  await page.getByLabel("Password").fill("Another-Pass-77");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    notice(page, "The email address is already in use by another account."),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
    "An account already uses this email.",
  );
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel("Email").fill(newAccount("weak").email);
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(notice(page, "Password should be at least 6 characters.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
    /Password should be at least 6 characters\./,
  );
  await expect(page).toHaveURL(/\/register$/);
});

test("a taken username is shown next to the Username field", async ({ page, request }) => {
  const other = await createAccount(request);
  const account = newAccount("second");
  await page.request.post("/api/auth/register", {
    data: { email: account.email, password: account.password },
  });
  await page.goto("/createYourUser");
  await page.getByLabel("Username").fill(other.username);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription(
    /This username is already taken/,
  );
  await expect(page).toHaveURL(/\/createYourUser$/);
  await page.getByLabel("Username").fill("no");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription(/Use 3 to 30/);
});

test("/createYourUser asks a signed-out visitor to sign in first", async ({ page }) => {
  await page.goto("/createYourUser");
  await expect(page.getByText("Sign in or register first")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
