import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { nav, notice } from "./support/landmarks.ts";
import {
  chooseGoogleAccount,
  createSignedOutAccount,
  expectProfileLinkOf,
  fillSignIn,
  ownServer,
  signInWrongly,
  test,
} from "./support/sign-in.ts";

/**
 * Issue 20, a newcomer's first five minutes: sign-in and the session (defects 1, 2, 4, 7's empty
 * email, 8, 9 and 10).
 */
const main = (page: Page) => page.getByRole("main");
const signInHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Sign in" });
/** The sign-in form, whatever its heading says. */
const signInForm = (page: Page) => page.getByRole("button", { name: "Sign in", exact: true });

/** An account with a profile, made through `request` (its own cookies), then signed out. */
const createAccount = (request: APIRequestContext) =>
  createSignedOutAccount(request, { prefix: "newcomer" });

test.describe("defect 1: a refused sign-in says the real reason under the form", () => {
  test("a paused account says so, once, even for the right password", async ({
    browser,
    account,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await signInWrongly(page, account.email, 5);
      const refused = page.waitForResponse("**/api/auth/login");
      await fillSignIn(page, account.email, account.password);
      expect((await refused).status()).toBe(429);
      const paused =
        /^Sign-in to this account is paused after too many failed attempts\. Try again at .+\.$/;
      await expect(main(page).getByText(paused)).toBeVisible();
      await expect(page.getByLabel("Password")).toHaveAccessibleDescription(paused);
      await expect(page.getByText("Email or password was incorrect")).toHaveCount(0);
      // One message, in its place: no notice repeating it in other words.
      await expect(page.getByText(/paused/)).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test("no answer from the server is not a wrong password", async ({ page, account }) => {
    await page.goto("/login");
    await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
    await fillSignIn(page, account.email, account.password);
    await expect(
      main(page).getByText("Cannot reach the server. Check your connection and try again."),
    ).toBeVisible();
    await expect(page.getByText("Email or password was incorrect")).toHaveCount(0);
  });

  test.describe("with a low per-network limit", () => {
    test.describe.configure({ mode: "serial" });
    const url = ownServer({ AUTH_SIGNIN_PER_IP_PER_MINUTE: "2" });

    test("too many attempts from one network say so, with how long to wait", async ({ page }) => {
      await page.goto(`${url()}/login`);
      const who = newAccount("limited");
      await signInWrongly(page, who.email, 2);
      await fillSignIn(page, who.email, who.password);
      await expect(
        main(page).getByText(
          /^Too many requests from your network\. Please try again in 1 minute\.$/,
        ),
      ).toBeVisible();
      await expect(page.getByText("Email or password was incorrect")).toHaveCount(0);
    });
  });
});

test.describe("defect 2: sign in, then back to the page that asked", () => {
  test("'Browse the feed' on the landing page: sign in, then the feed", async ({
    page,
    account,
  }) => {
    await page.goto("/");
    const browse = main(page).getByRole("link", { name: "Browse the feed" });
    // Straight to sign in: not through the guard's 'You don't have access!'.
    await expect(browse).toHaveAttribute("href", "/login?next=%2Ffeed");
    await browse.click();
    await expect(signInForm(page)).toBeVisible();
    await expect(notice(page, "You don't have access!")).toHaveCount(0);
    await fillSignIn(page, account.email, account.password);
    await expect(notice(page, "Successfully Logged In")).toBeVisible();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  });

  test("/feed opened signed out: SPEC's alert, the way to sign in, and back", async ({
    page,
    account,
  }) => {
    await page.goto("/feed?topic=Music");
    await expect(notice(page, "You don't have access!")).toBeVisible();
    await expect(signInForm(page)).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/feed\?topic=Music$/);
  });

  test("/settings and a member-only action come back after signing in", async ({
    page,
    request,
    account,
  }) => {
    const other = await createAccount(request);
    await page.goto("/settings");
    await expect(signInForm(page)).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await nav(page).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(`/user/${other.username}`);
    await main(page)
      .getByRole("link", { name: /^(Sign|Log) in$/ })
      .first()
      .click();
    await expect(signInForm(page)).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/user/${other.username}$`));
  });

  test("/userProfile signed out comes back to one's own profile after signing in", async ({
    page,
    account,
  }) => {
    await page.goto("/userProfile");
    await expect(signInForm(page)).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(page.getByRole("heading", { level: 1, name: /'s Profile$/ })).toBeVisible();
  });

  test("/moderation signed out asks to sign in first", async ({ page, account }) => {
    await page.goto("/moderation");
    await expect(signInForm(page)).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/moderation$/);
  });

  test("a newcomer who registers and creates the profile comes back too", async ({ page }) => {
    const account = newAccount("returning");
    await page.goto("/settings");
    await expect(signInForm(page)).toBeVisible();
    await main(page).getByRole("link", { name: "Register" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your profile" }),
    ).toBeVisible();
    await page.getByLabel("Username").fill(account.username);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("a Google sign-in comes back too, through the profile form the first time", async ({
    page,
  }) => {
    const email = `google-${randomBytes(4).toString("hex")}@gmail.test`;
    await page.goto("/settings");
    await expect(signInForm(page)).toBeVisible();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await chooseGoogleAccount(page, email);
    await expect(
      page.getByRole("heading", { level: 1, name: "Create your profile" }),
    ).toBeVisible();
    await page.getByLabel("Username").fill(`g_${randomBytes(4).toString("hex")}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/settings$/);

    // Returning: straight back.
    await nav(page).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await chooseGoogleAccount(page, email);
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe("defect 4: without Google configured, no Google buttons", () => {
  test.describe.configure({ mode: "serial" });
  const url = ownServer({});

  test("the sign-in and register pages offer email and password only", async ({ page }) => {
    await page.goto(`${url()}/login`);
    await expect(signInForm(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
    await expect(main(page).getByText("or", { exact: true })).toHaveCount(0);
    await page.goto(`${url()}/register`);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
  });

  test("the server says which ways to sign in it offers", async ({ request }) => {
    const answer = await request.get(`${url()}/api/auth/providers`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ google: false });
  });
});

test("defect 4: with Google configured, the buttons show", async ({ page, request }) => {
  expect(await (await request.get("/api/auth/providers")).json()).toEqual({ google: true });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
});

test.describe("defect 7: an empty email is asked for, not 'badly formatted'", () => {
  for (const [where, button] of [
    ["/login", "Sign in"],
    ["/register", "Create account"],
  ] as const) {
    test(`on ${where}`, async ({ page }) => {
      await page.goto(where);
      await page.getByLabel("Password").fill("Some-password-42");
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter your email.");
      await expect(page.getByLabel("Email")).toBeFocused();
      await expect(page.getByText(/badly formatted/)).toHaveCount(0);
      await expect(page.getByText("Invalid email")).toHaveCount(0);
    });
  }
});

test.describe("defect 8: every tab follows the session", () => {
  test("a sign-out in another tab is noticed at once", async ({ context }) => {
    const first = await context.newPage();
    await signUpWithProfile(first);
    await first.goto("/feed");
    await expect(first.getByRole("heading", { name: "Most recent posts" })).toBeVisible();
    const second = await context.newPage();
    await second.goto("/settings");
    await nav(second).getByRole("button", { name: "Sign out" }).click();
    await expect(second).toHaveURL(/\/$/);

    await expect(nav(first).getByRole("link", { name: "Login" })).toBeVisible();
    await expect(first).toHaveURL(/\/$/);
    await expect(first.getByRole("heading", { name: "Most recent posts" })).toHaveCount(0);
  });

  test("an account switch in another tab is noticed, and the draft is not sent as the other", async ({
    context,
    account: other,
  }) => {
    const first = await context.newPage();
    const writer = await signUpWithProfile(first);
    await first.goto("/feed");
    await first.getByRole("button", { name: "Add a post" }).click();
    const title = `Draft of ${writer.username}`;
    await first.getByLabel("Title").fill(title);

    const second = await context.newPage();
    await second.goto("/feed");
    await nav(second).getByRole("button", { name: "Sign out" }).click();
    await expect(second).toHaveURL(/\/$/);
    await nav(second).getByRole("link", { name: "Login" }).click();
    await fillSignIn(second, other.email, other.password);
    await expect(second).toHaveURL(/\/feed$/);

    // The first tab follows: it left the feed at the sign-out, shows the other member now, and the
    // first one's draft is gone.
    await expectProfileLinkOf(first, other.username);
    await expect(first.getByRole("form", { name: "Add a post" })).toHaveCount(0);
    const feed = await (await first.request.get("/api/articles")).text();
    expect(feed).not.toContain(title);
  });

  test("a write made for one member is refused once the cookie is another's", async ({
    context,
    account: other,
  }) => {
    const page = await context.newPage();
    // This tab hears nothing live (its socket goes nowhere), as a tab asleep in the background.
    await page.routeWebSocket(/\/api\//, () => {});
    const writer = await signUpWithProfile(page);
    await page.goto("/feed");
    await page.getByRole("button", { name: "Add a post" }).click();
    const title = `Written by ${writer.username}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Topic").fill("Music");
    await page.getByLabel("Body").fill("Not to be published by anyone else.");

    // Another tab signs in as someone else without this tab hearing of it (no script of ours ran).
    const switched = await context.request.post("/api/auth/login", {
      data: { email: other.email, password: other.password },
    });
    expect(switched.status()).toBe(200);

    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/articles") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await answered).status()).toBe(409);
    // The tab catches up at once and says why the screen started again.
    await expect(notice(page, `You are now signed in as ${other.username}`)).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a post" })).toHaveCount(0);
    const feed = await (await page.request.get("/api/articles")).text();
    expect(feed).not.toContain(title);
    // And the tab now follows the session it has.
    await expectProfileLinkOf(page, other.username);
  });

  test("a sign-in in another tab takes a sign-in page on to the feed", async ({
    context,
    account,
  }) => {
    const first = await context.newPage();
    await first.goto("/login");
    await expect(signInForm(first)).toBeVisible();
    const second = await context.newPage();
    await second.goto("/login");
    await fillSignIn(second, account.email, account.password);
    await expect(second).toHaveURL(/\/feed$/);
    await expect(first).toHaveURL(/\/feed$/);
  });
});

test.describe("defect 9: signed-in members do not see the sign-in forms", () => {
  test("/login and /register go to the feed, or to the return path", async ({ page }) => {
    await signUpWithProfile(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole("heading", { name: "Most recent posts" })).toBeVisible();
    await page.goto("/register");
    await expect(page).toHaveURL(/\/feed$/);
    await page.goto("/login?next=%2Fsettings");
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe("defect 10: one word for signing in", () => {
  test("'Sign in' everywhere but SPEC's top-bar Login button", async ({ page, request }) => {
    const other = await createAccount(request);
    await page.goto("/login");
    await expect(signInHeading(page)).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/register");
    await expect(main(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto(`/user/${other.username}`);
    await page.getByRole("button", { name: "See Reviews" }).click();
    await expect(main(page).getByText("Sign in to add a review.")).toBeVisible();
    await page.goto("/createYourUser");
    await expect(main(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    for (const path of ["/login", "/register", `/user/${other.username}`, "/createYourUser"]) {
      await page.goto(path);
      await expect(main(page)).toBeVisible();
      await expect(main(page).getByText(/\bLog ?in\b/i)).toHaveCount(0);
    }
  });
});
