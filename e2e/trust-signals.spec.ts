import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { newAccount, registerWithProfile, signUpWithProfile } from "./support/accounts.ts";
import { sendMessage } from "./support/direct-messages.ts";
import { newAccountsURL } from "./support/new-accounts-server.ts";
import { otherMembers, test } from "./support/other-members.ts";
import { createPost, openPost, tag } from "./support/posts.ts";
import { openReviewForm, reviewsBlock } from "./support/reviews.ts";

/** Issue 32: reviews backed by a conversation, held reviews of new accounts, responsiveness. */

const message = sendMessage;

async function writeReview(page: Page, about: string, title: string) {
  const form = await openReviewForm(page, about);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Review", { exact: true }).fill("Came on time and fixed it.");
  await form.getByRole("button", { name: "Add a Review" }).click();
  await expect(form).toHaveCount(0);
}

async function openReviews(page: Page) {
  const see = reviewsBlock(page).getByRole("button", { name: "See Reviews" });
  if ((await see.getAttribute("aria-expanded")) !== "true") await see.click();
}

const reviewTitled = (page: Page, title: string) =>
  reviewsBlock(page).getByRole("article", { name: title });

test("a review after a conversation both wrote in shows 'Met through a conversation'; one without does not", async ({
  page,
  otherMember,
}) => {
  const [subject, stranger] = await otherMembers(otherMember, "trusted", "stranger");
  const neighbour = await signUpWithProfile(page, newAccount("neighbour"));
  await message(page.request, subject.account.username);
  await message(subject.page.request, neighbour.username, "Yes, Tuesday works.");

  const backedTitle = `Talked first ${tag()}`;
  const plainTitle = `Never talked ${tag()}`;
  await writeReview(page, subject.account.username, backedTitle);
  await writeReview(stranger.page, subject.account.username, plainTitle);

  await subject.page.goto(`/user/${subject.account.username}`);
  await expect(subject.page.getByText(/from 2 reviews, 1 after a conversation$/)).toBeVisible();
  await openReviews(subject.page);
  await expect(
    reviewTitled(subject.page, backedTitle).getByText("Met through a conversation"),
  ).toBeVisible();
  await expect(reviewTitled(subject.page, plainTitle)).toBeVisible();
  await expect(
    reviewTitled(subject.page, plainTitle).getByText("Met through a conversation"),
  ).toHaveCount(0);
  // Contact-backed reviews come first.
  await expect(reviewsBlock(subject.page).getByRole("article").first()).toHaveAccessibleName(
    backedTitle,
  );
});

test("the responsiveness line appears on the profile and the post's author line after three answered conversations", async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await signUpWithProfile(page, newAccount("helper"));
  const post = await createPost(page.request, {
    title: `Bike repairs ${tag()}`,
    topic: "Repairs",
    body: "Punctures, brakes and gears.",
  });
  const asking: APIRequestContext[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const request = await playwright.request.newContext({ baseURL });
      asking.push(request);
      const asker = await registerWithProfile(request, newAccount(`asker${i}`));
      await message(request, member.username, "Could you look at my bike?");
      await message(page.request, asker.username, "Happy to, bring it round.");
      if (i === 1) {
        // Two answered conversations are too few to say anything.
        await page.goto(`/user/${member.username}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText(/Usually replies/)).toHaveCount(0);
      }
    }
  } finally {
    await Promise.all(asking.map((request) => request.dispose()));
  }

  const line = "Usually replies within a few hours · Replies to most messages";
  await page.goto(`/user/${member.username}`);
  await expect(page.getByText(line)).toBeVisible();
  const article = await openPost(page, post);
  await expect(article.getByText(line)).toBeVisible();
});

test.describe("on a server where a fresh account is new (NEW_ACCOUNT_HOURS as shipped)", () => {
  test.use({ baseURL: newAccountsURL() });

  test("a new account's review is held: its author reads 'Visible from …', others see no review and no rating", async ({
    page,
    otherMember,
  }) => {
    const [subject, reader] = await otherMembers(otherMember, "reviewed", "reader");
    await signUpWithProfile(page, newAccount("newcomer"));
    const title = `Too soon ${tag()}`;
    await writeReview(page, subject.account.username, title);

    await openReviews(page);
    await expect(reviewTitled(page, title).getByText(/^Visible from/)).toBeVisible();

    await reader.page.goto(`/user/${subject.account.username}`);
    await expect(reader.page.getByText("Not rated yet")).toBeVisible();
    await openReviews(reader.page);
    await expect(reviewsBlock(reader.page).getByText("No Reviews Yet")).toBeVisible();
  });
});
