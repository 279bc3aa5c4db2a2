import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { verifyAddress } from "./support/mailbox.ts";
import { otherMembers, signUpBeside, test } from "./support/other-members.ts";
import { openReviewForm, reviewsBlock } from "./support/reviews.ts";

const capitalised = (username: string) => username.charAt(0).toUpperCase() + username.slice(1);

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function addReview(page: Page, title: string, body: string, rating?: number) {
  const form = page.getByRole("form", { name: "Add a review" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Review", { exact: true }).fill(body);
  if (rating !== undefined) {
    await form.getByRole("radio", { name: String(rating), exact: true }).check();
  }
  await form.getByRole("button", { name: "Add a Review" }).click();
}

test("someone else's profile shows its heading, avatar and every empty state", async ({
  page,
  otherMember,
}) => {
  const subject = await signUpBeside(page, otherMember, "viewer");
  await page.goto(`/user/${subject.account.username.toUpperCase()}`);

  await expect(
    page.getByRole("heading", {
      level: 1,
      name: `${capitalised(subject.account.username)}'s Profile`,
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("img", { name: `${subject.account.username}'s avatar` }),
  ).toBeVisible();
  await expect(section(page, "Bio").getByText("Bio Empty")).toBeVisible();
  // The owner has not chosen to show their email to members (the default).
  const contact = section(page, "Contact Information");
  await expect(contact.getByText("Email: hidden")).toBeVisible();
  await expect(contact).not.toContainText(subject.account.email);
  await expect(
    contact.getByRole("link", { name: `Chat to ${subject.account.username}` }),
  ).toHaveAttribute("href", `/chatapp?with=${subject.account.username}`);
  await expect(section(page, "Skills").getByText("No Skills Selected")).toBeVisible();
  await expect(section(page, "Interests").getByText("No Interests Selected")).toBeVisible();
  await expect(page.getByText("Not rated yet")).toBeVisible();

  // Not one's own: no edit toggle, but one may review.
  await expect(page.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  await expect(reviewsBlock(page).getByRole("button", { name: "Add Review" })).toBeVisible();

  const seeReviews = reviewsBlock(page).getByRole("button", { name: "See Reviews" });
  await expect(seeReviews).toHaveAttribute("aria-expanded", "false");
  await seeReviews.click();
  await expect(seeReviews).toHaveAttribute("aria-expanded", "true");
  await expect(reviewsBlock(page).getByText("No Reviews Yet")).toBeVisible();
  await seeReviews.click();
  await expect(reviewsBlock(page).getByText("No Reviews Yet")).toHaveCount(0);
});

test("the owner edits their profile and sees the new values without a reload", async ({ page }) => {
  const me = await signUpWithProfile(page, newAccount("owner"), { skills: ["Plumber"] });
  await page.goto("/userProfile");
  await expect(
    page.getByRole("heading", { level: 1, name: `${capitalised(me.username)}'s Profile` }),
  ).toBeVisible();
  // One's own profile: no 'Add Review'.
  await expect(page.getByRole("button", { name: "Add Review" })).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = page.getByRole("form", { name: "Edit your profile" });
  await expect(form.getByLabel("Bio")).toBeFocused();
  await form.getByLabel("Bio").fill("I fix leaks\nand cook on Sundays.");
  const skills = form.getByRole("group", { name: "Skills" });
  await expect(skills.getByLabel("Plumber")).toBeChecked();
  await skills.getByLabel("Tour Guide").check();
  await form.getByRole("group", { name: "Interests" }).getByLabel("Personal Chef").check();
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit Profile" })).toBeFocused();
  await expect(section(page, "Bio")).toContainText("I fix leaks\nand cook on Sundays.");
  await expect(section(page, "Skills").getByRole("listitem")).toHaveText(["Tour Guide", "Plumber"]);
  await expect(section(page, "Interests").getByRole("listitem")).toHaveText(["Personal Chef"]);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);

  // Stored: a fresh load of the public URL shows the same.
  await page.goto(`/user/${me.username}`);
  await expect(section(page, "Skills").getByRole("listitem")).toHaveText(["Tour Guide", "Plumber"]);

  // Clearing everything brings the empty states back; Submit saves too.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await form.getByLabel("Bio").fill("");
  await skills.getByLabel("Tour Guide").uncheck();
  await skills.getByLabel("Plumber").uncheck();
  await form.getByRole("group", { name: "Interests" }).getByLabel("Personal Chef").uncheck();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(section(page, "Bio").getByText("Bio Empty")).toBeVisible();
  await expect(section(page, "Skills").getByText("No Skills Selected")).toBeVisible();
  await expect(section(page, "Interests").getByText("No Interests Selected")).toBeVisible();
});

test("the owner chooses whether members see their email; signed-out visitors never do", async ({
  page,
  browser,
  otherMember,
}) => {
  const owner = await otherMember("mailer");
  const name = owner.account.username;
  const email = owner.account.email;
  const contactOf = (p: Page) => section(p, "Contact Information");
  // Only a verified address is ever shown to others.
  await verifyAddress(owner.page.request, email);

  // The owner always sees their own email, hidden from others by default.
  await owner.page.goto("/userProfile");
  await expect(contactOf(owner.page)).toContainText(`Email: ${email}`);
  await expect(contactOf(owner.page).getByText("Only you can see your email.")).toBeVisible();

  // Another member sees it hidden, with the chat offered instead.
  await signUpWithProfile(page, newAccount("reader"));
  await page.goto(`/user/${name}`);
  await expect(contactOf(page).getByText("Email: hidden")).toBeVisible();
  await expect(contactOf(page)).not.toContainText(email);

  // The owner opts in on the edit form.
  await owner.page.getByRole("button", { name: "Edit Profile" }).click();
  const form = owner.page.getByRole("form", { name: "Edit your profile" });
  const showEmail = form.getByRole("checkbox", { name: "Show my email to signed-in members" });
  await expect(showEmail).not.toBeChecked();
  await showEmail.check();
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.page.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();
  await expect(contactOf(owner.page)).toContainText(`Email: ${email}`);
  await expect(
    contactOf(owner.page).getByText("Signed-in members can see your email."),
  ).toBeVisible();

  // Now the member sees it, as a mail link.
  await page.reload();
  await expect(contactOf(page).getByRole("link", { name: email })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );

  // A signed-out visitor still does not: neither on the page nor in the API answer it loads.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const anonymous = await visitor.newPage();
  const answer = anonymous.waitForResponse((r) => r.url().endsWith(`/api/users/username/${name}`));
  await anonymous.goto(`/user/${name}`);
  expect(await (await answer).text()).not.toContain(email);
  await expect(contactOf(anonymous).getByText("Email: hidden")).toBeVisible();
  // Back to this profile once signed in (issue 20).
  await expect(contactOf(anonymous).getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(`/user/${name}`)}`,
  );
  await expect(anonymous.locator("body")).not.toContainText(email);

  // The choice is kept: the edit form opens with it checked.
  await owner.page.reload();
  await owner.page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(
    owner.page.getByRole("checkbox", { name: "Show my email to signed-in members" }),
  ).toBeChecked();
  await visitor.close();
});

test("a signed-out visitor of /userProfile goes to sign in (and back after), and sees no edit or review button elsewhere", async ({
  page,
  otherMember,
}) => {
  await page.goto("/userProfile");
  await expect(page).toHaveURL(/\/login\?next=%2FuserProfile$/);

  const subject = await otherMember("visited");
  await page.goto(`/user/${subject.account.username}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${capitalised(subject.account.username)}'s Profile`,
  );
  await expect(page.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Review" })).toHaveCount(0);
  await expect(reviewsBlock(page).getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("an unknown username shows a clear not-found state", async ({ page }) => {
  await page.goto("/user/no_such_person_here");
  await expect(page.getByRole("heading", { name: "Profile not found" })).toBeVisible();
  await expect(page.getByText('There is no user named "no_such_person_here"')).toBeVisible();
});

test("viewers review someone else: newest on top, average updates, one review each (then Edit your review)", async ({
  page,
  otherMember,
}) => {
  const [subject, first] = await otherMembers(otherMember, "reviewed", "first");
  const name = subject.account.username;

  // The first reviewer gives 4.
  await first.page.goto(`/user/${name}`);
  await reviewsBlock(first.page).getByRole("button", { name: "Add Review" }).click();
  const firstForm = first.page.getByRole("form", { name: "Add a review" });
  await expect(firstForm.getByRole("radio", { name: "5", exact: true })).toBeChecked();
  await addReview(first.page, "Quick and tidy", "Fixed the tap in minutes.", 4);
  await expect(first.page.getByRole("alert").filter({ hasText: "review sent" })).toBeVisible();
  const firstList = first.page.getByRole("list", { name: `Reviews about ${name}` });
  await expect(firstList.getByRole("listitem")).toHaveCount(1);
  await expect(firstList.getByRole("listitem").first()).toContainText("Quick and tidy");
  await expect(firstList.getByText("Rating: 4 / 5", { exact: true })).toBeVisible();
  // The form closes once sent (one review each): the button now edits the review.
  await expect(firstForm).toHaveCount(0);
  const block = reviewsBlock(first.page);
  await expect(block.getByRole("button", { name: "Edit your review" })).toBeFocused();
  await expect(block.getByRole("button", { name: "Add Review" })).toHaveCount(0);
  await expect(first.page.getByText("Average rating: 4.0 / 5 from 1 review")).toBeVisible();

  // Back later, the page knows it too: no second review is offered.
  await first.page.reload();
  await expect(block.getByRole("button", { name: "Edit your review" })).toBeEnabled();
  await expect(block.getByRole("button", { name: "Add Review" })).toHaveCount(0);

  // The second reviewer (this test's page) opens the list first, then reviews with the default 5.
  await signUpWithProfile(page, newAccount("second"));
  await page.goto(`/user/${name}`);
  await reviewsBlock(page).getByRole("button", { name: "See Reviews" }).click();
  const list = page.getByRole("list", { name: `Reviews about ${name}` });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await reviewsBlock(page).getByRole("button", { name: "Add Review" }).click();
  await addReview(page, "Lovely dinner", "Cooked for twelve of us.");
  await expect(page.getByRole("alert").filter({ hasText: "review sent" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("Lovely dinner");
  await expect(list.getByRole("listitem").first()).toContainText("Rating: 5 / 5");
  await expect(list.getByRole("listitem").nth(1)).toContainText("Quick and tidy");
  await expect(page.getByText("Average rating: 4.5 / 5 from 2 reviews")).toBeVisible();

  // The subject sees both, newest first, and cannot review themselves.
  await subject.page.goto("/userProfile");
  await expect(subject.page.getByText("Average rating: 4.5 / 5 from 2 reviews")).toBeVisible();
  await expect(subject.page.getByRole("button", { name: "Add Review" })).toHaveCount(0);
  await reviewsBlock(subject.page).getByRole("button", { name: "See Reviews" }).click();
  const subjectList = subject.page.getByRole("list", { name: `Reviews about ${name}` });
  await expect(subjectList.getByRole("heading", { level: 3 })).toHaveText([
    "Lovely dinner",
    "Quick and tidy",
  ]);
});

test("the review form says what is missing before sending", async ({ page, otherMember }) => {
  const subject = await signUpBeside(page, otherMember, "hasty", "target");
  await openReviewForm(page, subject.account.username);
  await page.getByRole("button", { name: "Add a Review" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Review is required")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
});

test("the profile page has no WCAG A/AA violations, in view and edit mode with reviews open", async ({
  page,
  otherMember,
}) => {
  const subject = await otherMember("axe");
  await subject.page.goto("/userProfile");
  await subject.page.getByRole("button", { name: "Edit Profile" }).click();
  await expect(subject.page.getByRole("form", { name: "Edit your profile" })).toBeVisible();
  const axe = (p: Page) =>
    new AxeBuilder({ page: p }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect((await axe(subject.page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await signUpWithProfile(page, newAccount("axeviewer"));
  await page.goto(`/user/${subject.account.username}`);
  await reviewsBlock(page).getByRole("button", { name: "Add Review" }).click();
  await addReview(page, "Accessible", "Checked with axe.", 3);
  await expect(page.getByRole("alert").filter({ hasText: "review sent" })).toBeVisible();
  await expect(page.getByText("Rating: 3 / 5", { exact: true })).toBeVisible();
  expect((await axe(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("the profile page fits a 360 px wide screen", async ({ page, otherMember }) => {
  const subject = await otherMember("quite_long_name_x");
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpWithProfile(page, newAccount("phone"));
  await page.goto(`/user/${subject.account.username}`);
  await reviewsBlock(page).getByRole("button", { name: "See Reviews" }).click();
  await reviewsBlock(page).getByRole("button", { name: "Add Review" }).click();
  await expect(page.getByRole("button", { name: "Add a Review" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
