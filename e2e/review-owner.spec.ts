import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { signUpModerator } from "./support/moderators.ts";
import { test } from "./support/other-members.ts";

/** Issue 19: a review's author edits or deletes it; the member reviewed replies; others report. */

const reviewsBlock = (page: Page) => page.getByRole("region", { name: "Reviews" });
const reviewTitled = (page: Page, title: string) =>
  reviewsBlock(page).getByRole("article", { name: title });
const replyFrom = (review: Locator, username: string) =>
  review.getByRole("region", { name: `Reply from ${username}` });

async function openReviews(page: Page) {
  const see = reviewsBlock(page).getByRole("button", { name: "See Reviews" });
  if ((await see.getAttribute("aria-expanded")) !== "true") await see.click();
}

/** Answers the confirmation `question` with its "Delete". */
async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("dialog", { name: question });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test("the author writes, edits and deletes their review; the member reviewed replies; others report the reply", async ({
  page,
  otherMember,
}) => {
  const subject = await otherMember("pro");
  const name = subject.account.username;
  const author = await signUpWithProfile(page, newAccount("client"));
  const block = reviewsBlock(page);

  // Write: the form closes and the button now edits the review.
  await page.goto(`/user/${name}`);
  await block.getByRole("button", { name: "Add Review" }).click();
  const form = page.getByRole("form", { name: "Add a review" });
  await form.getByLabel("Title").fill("Slow but fine");
  await form.getByLabel("Review", { exact: true }).fill("Came a day late, fixed it well.");
  await form.getByRole("radio", { name: "2", exact: true }).check();
  await form.getByRole("button", { name: "Add a Review" }).click();
  await expect(form).toHaveCount(0);
  await expect(block.getByRole("button", { name: "Edit your review" })).toBeVisible();
  await expect(block.getByRole("button", { name: "Add Review" })).toHaveCount(0);
  await expect(page.getByText("Average rating: 2.0 / 5 from 1 review")).toBeVisible();
  const mine = reviewTitled(page, "Slow but fine");
  await expect(mine.getByRole("link", { name: author.username })).toHaveAttribute(
    "href",
    `/user/${author.username}`,
  );
  await expect(mine.locator("time")).toBeVisible();
  await expect(mine.getByText("edited", { exact: true })).toHaveCount(0);
  // Nothing here that is not the author's: no Report on their own review, no Reply.
  await expect(mine.getByRole("button", { name: "Report" })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: "Reply" })).toHaveCount(0);

  // Edit: prefilled; the new title and rating show, marked edited; the average follows.
  await block.getByRole("button", { name: "Edit your review" }).click();
  const edit = page.getByRole("form", { name: "Edit your review" });
  await expect(edit.getByLabel("Title")).toBeFocused();
  await expect(edit.getByLabel("Title")).toHaveValue("Slow but fine");
  await expect(edit.getByRole("radio", { name: "2", exact: true })).toBeChecked();
  await edit.getByLabel("Title").fill("Worth the wait");
  await edit.getByRole("radio", { name: "4", exact: true }).check();
  await edit.getByRole("button", { name: "Save review" }).click();
  await expect(edit).toHaveCount(0);
  const edited = reviewTitled(page, "Worth the wait");
  await expect(edited.getByText("Rating: 4 / 5", { exact: true })).toBeVisible();
  await expect(edited.getByText("edited", { exact: true })).toBeVisible();
  await expect(page.getByText("Average rating: 4.0 / 5 from 1 review")).toBeVisible();

  // The member reviewed replies under it, then edits the reply.
  await subject.page.goto("/userProfile");
  await openReviews(subject.page);
  const theirs = reviewTitled(subject.page, "Worth the wait");
  await expect(theirs.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await theirs.getByRole("button", { name: "Reply" }).click();
  const replyForm = subject.page.getByRole("form", { name: `Reply to ${author.username}` });
  await expect(replyForm.getByLabel("Your reply")).toBeFocused();
  await replyForm.getByLabel("Your reply").fill("Sorry for the delay!");
  await replyForm.getByRole("button", { name: "Send reply" }).click();
  const reply = replyFrom(theirs, name);
  await expect(reply).toContainText("Sorry for the delay!");
  await expect(theirs.getByRole("button", { name: "Reply" })).toHaveCount(0);
  await expect(reply.getByRole("button", { name: "Report" })).toHaveCount(0);
  await reply.getByRole("button", { name: "Edit" }).click();
  const replyEdit = subject.page.getByRole("form", { name: "Edit your reply" });
  await expect(replyEdit.getByLabel("Your reply")).toHaveValue("Sorry for the delay!");
  await replyEdit.getByLabel("Your reply").fill("Sorry for the delay, and thanks!");
  await replyEdit.getByRole("button", { name: "Save reply" }).click();
  await expect(reply).toContainText("Sorry for the delay, and thanks!");
  await expect(reply.getByText("edited", { exact: true })).toBeVisible();
  // The notices fade in and out (their colours are checked where they stay): left out here.
  const axe = await new AxeBuilder({ page: subject.page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The author reads the reply: no Edit or Delete on it.
  await page.reload();
  await openReviews(page);
  const authorsView = replyFrom(reviewTitled(page, "Worth the wait"), name);
  await expect(authorsView).toContainText("Sorry for the delay, and thanks!");
  await expect(authorsView.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(authorsView.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // A third member: Report on the review and on the reply, and nothing else; they report the reply.
  const third = await otherMember("neighbour");
  await third.page.goto(`/user/${name}`);
  await openReviews(third.page);
  const seen = reviewTitled(third.page, "Worth the wait");
  await expect(seen.getByText("Rating: 4 / 5", { exact: true })).toBeVisible();
  for (const control of ["Delete", "Edit", "Reply"]) {
    await expect(seen.getByRole("button", { name: control, exact: true })).toHaveCount(0);
  }
  await expect(reviewsBlock(third.page).getByRole("button", { name: "Add Review" })).toBeVisible();
  const thirdsReply = replyFrom(seen, name);
  await thirdsReply.getByRole("button", { name: "Report" }).click();
  const dialog = third.page.getByRole("dialog", { name: "Report" });
  await dialog.getByRole("radio", { name: "Harassment" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(third.page.getByText("Thanks. Moderators will look at it.")).toBeVisible();
  await expect(thirdsReply.getByRole("button", { name: "Reported" })).toBeDisabled();

  // The member reviewed deletes the reply, after confirming: "Reply" is back.
  await reply.getByRole("button", { name: "Delete" }).click();
  await confirmDelete(subject.page, "Delete your reply?");
  await expect(replyFrom(theirs, name)).toHaveCount(0);
  await expect(theirs.getByRole("button", { name: "Reply" })).toBeVisible();

  // The author deletes the review, after confirming: "Add Review" is back, the average gone.
  await reviewTitled(page, "Worth the wait").getByRole("button", { name: "Delete" }).click();
  await confirmDelete(page, "Delete your review?");
  await expect(block.getByRole("button", { name: "Add Review" })).toBeFocused();
  await expect(block.getByText("No Reviews Yet")).toBeVisible();
  await expect(page.getByText("Not rated yet")).toBeVisible();
});

test("a reported reply is hidden by a moderator: gone for others, marked for the member reviewed", async ({
  page,
  otherMember,
}) => {
  const subject = await otherMember("answerer");
  const name = subject.account.username;
  const reviewer = await otherMember("reviewer");
  const written = await reviewer.page.request.post("/api/reviews", {
    data: { created_about: name, title: "Never came", body: "Waited all day.", rating: 1 },
  });
  expect(written.status(), await written.text()).toBe(201);
  const { id } = (await written.json()).review as { id: number };
  const replied = await subject.page.request.put(`/api/reviews/${id}/reply`, {
    data: { body: "You gave the wrong address." },
  });
  expect(replied.status(), await replied.text()).toBe(201);
  const reported = await reviewer.page.request.post("/api/reports", {
    data: { target: { type: "review-reply", id: String(id) }, reason: "harassment" },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  await signUpModerator(page, 6);
  await page.goto("/moderation");
  const entry = page
    .getByRole("region", { name: "Reports" })
    .getByRole("article")
    .filter({ hasText: "You gave the wrong address." });
  await expect(entry).toContainText("Reply to a review");
  await expect(entry).toContainText('Reply to "Never came"');
  await entry.getByRole("button", { name: "Hide" }).click();
  await expect(entry).toHaveCount(0);

  await reviewer.page.goto(`/user/${name}`);
  await openReviews(reviewer.page);
  const review = reviewTitled(reviewer.page, "Never came");
  await expect(review.getByText("Waited all day.")).toBeVisible();
  await expect(replyFrom(review, name)).toHaveCount(0);

  await subject.page.goto("/userProfile");
  await openReviews(subject.page);
  const own = replyFrom(reviewTitled(subject.page, "Never came"), name);
  await expect(own).toContainText("You gave the wrong address.");
  await expect(own).toContainText("Hidden by moderators. Only you and moderators can see it.");
});
