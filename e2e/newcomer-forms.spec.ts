import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { type NewOtherMember, signUpBeside, test } from "./support/other-members.ts";
import { openReviewForm, reviewsBlock } from "./support/reviews.ts";

// Issue 20, defects 5, 6 and 7 and the review form's stars: what a newcomer meets in the forms.

// Some journeys here answer API reads with page.route(), which never sees the requests a service
// worker makes: the app's worker (src/web/sw.ts, e2e/pwa.spec.ts tests it) stays out.
test.use({ serviceWorkers: "block" });

const tag = () => randomBytes(3).toString("hex");
const feedList = (page: Page) => page.getByRole("list", { name: "Posts" });

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The notices (toasts) on screen: the items of Sonner's "Notifications" region. */
const toasts = (page: Page) =>
  page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("defect 5: Submit waits while sending, and a second click after posting opens nothing", async ({
      page,
      otherMember,
    }) => {
      const other = await otherMember("other");
      // Someone else's posts fill the feed, so a card could slide under the pointer.
      for (let i = 0; i < 3; i++) {
        const res = await other.page.request.post("/api/articles", {
          data: { title: `Theirs ${i} ${tag()}`, topic: "Misc", body: "Someone else's post." },
        });
        expect(res.status()).toBe(201);
      }
      await signUpWithProfile(page);
      await page.goto("/feed");
      await expect(feedList(page)).toBeVisible();
      await page.getByRole("button", { name: "Add a post" }).click();
      const form = page.getByRole("form", { name: "Add a post" });
      const title = `Mine ${tag()}`;
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Topic").fill("Music");
      await form.getByLabel("Body").fill("Guitar lessons on Saturdays.");

      // The request waits until the test has looked at the button.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let posts = 0;
      await page.route("**/api/articles", async (route) => {
        if (route.request().method() === "POST") {
          posts++;
          await held;
        }
        await route.continue();
      });

      const submit = form.getByRole("button", { name: "Submit" });
      await submit.scrollIntoViewIfNeeded();
      const { x, y } = await centre(submit);
      await page.mouse.click(x, y);
      await expect(submit).toBeDisabled();
      await page.mouse.click(x, y);
      const answered = page.waitForResponse(
        (res) => res.url().endsWith("/api/articles") && res.request().method() === "POST",
      );
      release();
      await answered;
      // The impatient second click, just after the post went in, and once more when it shows.
      await page.mouse.click(x, y);
      await expect(feedList(page).getByRole("heading", { name: title, exact: true })).toBeVisible();
      await page.mouse.click(x, y);

      await expect(page).toHaveURL(/\/feed$/);
      // Nothing that does something has come under the pointer.
      const under = await page.evaluate(
        ([px, py]) =>
          document
            .elementFromPoint(px ?? 0, py ?? 0)
            ?.closest("a, button, input, select, textarea, label")?.outerHTML ?? null,
        [x, y],
      );
      expect(under).toBeNull();
      await expect(
        page.getByRole("status").filter({ hasText: "Your post is live." }),
      ).toBeVisible();
      expect(posts).toBe(1);
      await page.reload();
      await expect(feedList(page).getByRole("heading", { name: title, exact: true })).toHaveCount(
        1,
      );
    });
  });
}

/** `page` signed in as a new member named from `prefix`, on another member's open review form. */
async function reviewFormOfNewMember(page: Page, otherMember: NewOtherMember, prefix: string) {
  const subject = await signUpBeside(page, otherMember, prefix);
  return openReviewForm(page, subject.account.username);
}

test("defect 6: the post form counts as you type and complains before Submit; nothing is cut", async ({
  page,
}) => {
  await signUpWithProfile(page);
  await page.goto("/feed");
  await page.getByRole("button", { name: "Add a post" }).click();
  const form = page.getByRole("form", { name: "Add a post" });
  await expect(form.getByText("0 / 120", { exact: true })).toBeVisible();
  await expect(form.getByText("0 / 5,000", { exact: true })).toBeVisible();

  const long = "a".repeat(121);
  await form.getByLabel("Title").fill(long);
  await expect(form.getByLabel("Title")).toHaveValue(long);
  await expect(form.getByText("121 / 120", { exact: true })).toBeVisible();
  // Said before any Submit, beside the field.
  await expect(form.getByText("1 character too many", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  const body = "b".repeat(5_003);
  await form.getByLabel("Body").fill(body);
  await expect(form.getByLabel("Body")).toHaveValue(body);
  await expect(form.getByText("5,003 / 5,000", { exact: true })).toBeVisible();
  await expect(form.getByText("3 characters too many", { exact: true })).toBeVisible();

  await form.getByLabel("Title").fill("Short enough");
  await expect(form.getByText("12 / 120", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
});

test("defect 6: bio, review and chat keep a long paste, count it and say why Submit refuses", async ({
  page,
  otherMember,
}) => {
  const subject = await signUpBeside(page, otherMember, "writer");

  // Bio: 1,000.
  await page.goto("/userProfile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const profileForm = page.getByRole("form", { name: "Edit your profile" });
  await expect(profileForm.getByText("0 / 1,000", { exact: true })).toBeVisible();
  const bio = "x".repeat(1_001);
  await profileForm.getByLabel("Bio").fill(bio);
  await expect(profileForm.getByLabel("Bio")).toHaveValue(bio);
  await expect(profileForm.getByText("1,001 / 1,000", { exact: true })).toBeVisible();
  let sent = 0;
  page.on("request", (req) => {
    if (req.method() !== "GET" && req.url().includes("/api/")) sent++;
  });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(profileForm.getByText("Bio must be at most 1000 characters")).toBeVisible();
  await expect(profileForm.getByLabel("Bio")).toBeFocused();
  expect(sent).toBe(0);

  // Review: 2,000.
  await page.goto(`/user/${subject.account.username}`);
  await reviewsBlock(page).getByRole("button", { name: "Add Review" }).click();
  const reviewForm = page.getByRole("form", { name: "Add a review" });
  const review = "r".repeat(2_001);
  await reviewForm.getByLabel("Review", { exact: true }).fill(review);
  await expect(reviewForm.getByLabel("Review", { exact: true })).toHaveValue(review);
  await expect(reviewForm.getByText("2,001 / 2,000", { exact: true })).toBeVisible();
  await expect(reviewForm.getByText("1 character too many", { exact: true })).toBeVisible();

  // Chat: 2,000.
  await page.goto("/chatapp");
  const message = page.getByRole("textbox", { name: "Message" });
  const chat = "c".repeat(2_001);
  await message.fill(chat);
  await expect(message).toHaveValue(chat);
  await expect(page.getByText("2,001 / 2,000", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("A message has at most 2000 characters.")).toBeVisible();
  await expect(message).toHaveValue(chat);
});

test("defect 7: a refused review says so once, at the form; notices never pile up or cover the top bar", async ({
  page,
  otherMember,
}) => {
  const form = await reviewFormOfNewMember(page, otherMember, "reviewer");
  await form.getByLabel("Title").fill("Great plumber");
  await form.getByLabel("Review", { exact: true }).fill("Fixed the leak in an hour.");

  // Signed out meanwhile: the server refuses.
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await form.getByRole("button", { name: "Add a Review" }).click();
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("Review Failed to Send");
  const reason = (await refusal.innerText()).replace("Review Failed to Send:", "").trim();
  expect(reason.length).toBeGreaterThan(0);

  // Signed in again, it goes: SPEC's 'review sent' is the one notice on screen.
  await page.context().addCookies(cookies);
  await form.getByRole("button", { name: "Add a Review" }).click();
  const sentNotice = page.getByRole("alert").filter({ hasText: "review sent" });
  await expect(sentNotice).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
  await expect(page.getByText("Review Failed to Send")).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(1);

  // Below the top bar, never over it.
  const bar = await page.getByRole("banner").boundingBox();
  const notice = await toasts(page).first().boundingBox();
  if (!bar || !notice) throw new Error("not laid out");
  expect(notice.y).toBeGreaterThanOrEqual(bar.y + bar.height);
});

test("defect 7: the profile form's refusal shows once, inline", async ({ page }) => {
  await signUpWithProfile(page, newAccount("owner"));
  await page.goto("/userProfile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = page.getByRole("form", { name: "Edit your profile" });
  await form.getByLabel("Bio").fill("Hello");
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await form.getByRole("button", { name: "Submit" }).click();
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("Profile not saved:");

  await page.context().addCookies(cookies);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();
  await expect(page.getByText("Profile not saved:")).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(1);
});

test("the review form's rating is a row of stars: a radio group, 5 by default, arrows move it", async ({
  page,
  otherMember,
}) => {
  const form = await reviewFormOfNewMember(page, otherMember, "rater");
  const rating = form.getByRole("radiogroup", { name: "Rating" });
  await expect(rating.getByRole("radio")).toHaveCount(5);
  for (const n of [1, 2, 3, 4, 5]) {
    await expect(rating.getByRole("radio", { name: String(n), exact: true })).toHaveCount(1);
  }
  await expect(rating.getByRole("radio", { name: "5", exact: true })).toBeChecked();
  await expect(rating.getByText("★", { exact: true })).toHaveCount(5);

  await rating.getByRole("radio", { name: "3", exact: true }).click();
  await expect(rating.getByRole("radio", { name: "3", exact: true })).toBeChecked();
  await expect(rating.getByText("★", { exact: true })).toHaveCount(3);
  await expect(rating.getByText("☆", { exact: true })).toHaveCount(2);

  await expect(rating.getByRole("radio", { name: "3", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(rating.getByRole("radio", { name: "2", exact: true })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(rating.getByRole("radio", { name: "4", exact: true })).toBeChecked();
  await expect(rating.getByText("★", { exact: true })).toHaveCount(4);

  await form.getByLabel("Title").fill("Kind and quick");
  await form.getByLabel("Review", { exact: true }).fill("Recommended.");
  await form.getByRole("button", { name: "Add a Review" }).click();
  // The list opens with the new review.
  await expect(reviewsBlock(page).getByText("Rating: 4 / 5", { exact: true })).toBeVisible();
});
