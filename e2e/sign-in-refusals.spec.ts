import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { signUpModerator } from "./support/moderators.ts";
import {
  chooseGoogleAccount,
  createSignedOutAccount,
  fillSignIn,
  signInWrongly,
} from "./support/sign-in.ts";

/** Issue 34 items 8 and 9: a refused sign-in is said once, on the form, where the member is. */
const main = (page: Page) => page.getByRole("main");

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a suspended Google account is told why and until when on the sign-in form", async ({
    page,
    browser,
  }) => {
    const email = `google-${randomBytes(4).toString("hex")}@gmail.test`;
    const username = `g_${randomBytes(4).toString("hex")}`;
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await chooseGoogleAccount(page, email);
    await expect(page).toHaveURL(/\/createYourUser$/);
    expect((await page.request.post("/api/users", { data: { username } })).status()).toBe(201);

    const moderator = await browser.newContext();
    try {
      const moderatorPage = await moderator.newPage();
      await signUpModerator(moderatorPage, 3);
      const suspended = await moderatorPage.request.post(
        `/api/moderation/members/${username}/suspend`,
        { data: { duration: "indefinite" } },
      );
      expect(suspended.status(), await suspended.text()).toBe(200);
    } finally {
      await moderator.close();
    }

    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await chooseGoogleAccount(page, email);
    await expect(page).toHaveURL(/\/login$/);
    const why = "Your account is suspended until a moderator lifts the suspension.";
    // On the form, as its message about the attempt, and said once: no notice repeats it.
    await expect(main(page).getByRole("alert")).toHaveText(why);
    await expect(page.getByText(why)).toHaveCount(1);
    await page.screenshot({ path: "/tmp/firstrun/google-suspended-360.png" });
  });
});

test("after five failed sign-ins the form says sign-in is paused, and no notice still says 'incorrect'", async ({
  page,
  request,
}) => {
  const account = await createSignedOutAccount(request, { prefix: "paused" });
  await page.goto("/login");
  await signInWrongly(page, account.email, 5);
  const refused = page.waitForResponse("**/api/auth/login");
  await fillSignIn(page, account.email, account.password);
  expect((await refused).status()).toBe(429);
  await expect(main(page).getByText(/^Sign-in to this account is paused/)).toBeVisible();
  // The fifth failure's notice lives 6 s; it must go with the refusal that contradicts it, not
  // expire later (a default 7 s wait would see it expire and pass).
  await expect(page.getByText(/incorrect/i)).toHaveCount(0, { timeout: 2_000 });
  await expect(page.getByRole("alert")).toHaveCount(1);
  await page.screenshot({ path: "/tmp/firstrun/paused-1280.png" });
});
