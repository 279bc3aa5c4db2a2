import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { signUpModerator } from "./support/moderators.ts";
import { test } from "./support/other-members.ts";

/** Issue 16: reports, the moderators' queue, hiding, suspension. */
const unique = () => randomBytes(3).toString("hex");

async function publish(page: Page, title: string): Promise<number> {
  const posted = await page.request.post("/api/articles", {
    data: { title, topic: "Repairs", body: `${title}: call me any day.` },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()).article as { id: number }).id;
}

async function reportPost(page: Page, postId: number, reason: string, note = "") {
  await page.goto(`/articles/${postId}`);
  await page.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report" });
  await dialog.getByRole("radio", { name: reason }).check();
  if (note) await dialog.getByLabel("Note (optional)").fill(note);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks. Moderators will look at it.")).toBeVisible();
}

/** The queue's entry for the item whose title (or text) is `text`. */
const queueEntry = (page: Page, text: string) =>
  page.getByRole("region", { name: "Reports" }).getByRole("article").filter({ hasText: text });

test("a reported post is hidden by a moderator from the queue: gone from others' feeds, marked for its author", async ({
  page,
  otherMember,
}) => {
  const title = `Cheap watches ${unique()}`;
  const author = await otherMember("spammer");
  const postId = await publish(author.page, title);

  const reporter = await otherMember("reporter");
  await reportPost(reporter.page, postId, "Spam", "Same post in every town");
  // Reported: the button says so. One open report per member and item: after a reload the server
  // refuses a second one, and the form says so instead of counting it twice.
  await expect(reporter.page.getByRole("button", { name: "Reported" })).toBeDisabled();
  await reporter.page.reload();
  await reporter.page.getByRole("button", { name: "Report" }).click();
  const again = reporter.page.getByRole("dialog", { name: "Report" });
  await again.getByRole("radio", { name: "Scam or fraud" }).check();
  await again.getByRole("button", { name: "Send report" }).click();
  await expect(again.getByText("You have already reported this")).toBeVisible();

  await signUpModerator(page, 0);
  await page.goto("/feed");
  await expect(page.getByRole("link", { name: /^Moderation \(\d+\)$/ })).toBeVisible();
  await page.getByRole("link", { name: /^Moderation/ }).click();
  await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  const entry = queueEntry(page, title);
  await expect(entry).toContainText("Reported by 1 member");
  await expect(entry).toContainText("Spam");
  await expect(entry).toContainText("Same post in every town");
  await expect(entry.getByRole("link", { name: author.account.username })).toBeVisible();
  await entry.getByRole("button", { name: "Hide" }).click();
  await expect(queueEntry(page, title)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Hidden" })).toContainText(title);
  await expect(page.getByRole("region", { name: "Log" })).toContainText(`hid post ${postId}`);

  // Another member's feed and the post's page no longer show it.
  const neighbour = await otherMember("neighbour");
  await neighbour.page.goto("/feed");
  await expect(
    neighbour.page.getByRole("heading", { level: 1, name: "Most recent posts" }),
  ).toBeVisible();
  await expect(neighbour.page.getByText(title)).toHaveCount(0);
  await neighbour.page.goto(`/articles/${postId}`);
  await expect(neighbour.page.getByText(title)).toHaveCount(0);

  // Its author still reads it, marked.
  await author.page.goto(`/articles/${postId}`);
  await expect(author.page.getByRole("heading", { name: title })).toBeVisible();
  await expect(
    author.page.getByText("Hidden by moderators. Only you and moderators can see it."),
  ).toBeVisible();

  // Restored: back for everyone.
  await page
    .getByRole("region", { name: "Hidden" })
    .getByRole("article")
    .filter({ hasText: title })
    .getByRole("button", { name: "Restore" })
    .click();
  await neighbour.page.goto(`/articles/${postId}`);
  await expect(neighbour.page.getByRole("heading", { name: title })).toBeVisible();
});

test("a suspension signs the member out everywhere and keeps them out, saying until when", async ({
  page,
  otherMember,
}) => {
  const title = `Send me your bank details ${unique()}`;
  const scammer = await otherMember("scammer");
  const postId = await publish(scammer.page, title);
  await scammer.page.goto("/feed");
  await expect(scammer.page.getByRole("button", { name: "Sign out" })).toBeVisible();

  const reporter = await otherMember("careful");
  await reportPost(reporter.page, postId, "Scam or fraud");

  await signUpModerator(page, 1);
  await page.goto("/moderation");
  const entry = queueEntry(page, title);
  await entry.getByRole("button", { name: `Suspend @${scammer.account.username}` }).click();
  await page.getByRole("radio", { name: "For a week" }).check();
  await page.getByRole("checkbox", { name: "Also hide everything they wrote" }).check();
  await page.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(page.getByRole("region", { name: "Log" })).toContainText(
    `suspended ${scammer.account.username}`,
  );

  // The member's open page is signed out at its next request; signing in again is refused.
  await scammer.page.reload();
  await expect(scammer.page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await scammer.page.goto("/login");
  await scammer.page.getByLabel("Email").fill(scammer.account.email);
  await scammer.page.getByLabel("Password").fill(scammer.account.password);
  await scammer.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(scammer.page.getByText(/Your account is suspended until .* UTC\./)).toBeVisible();
  await expect(scammer.page).toHaveURL(/\/login$/);

  // Everything they wrote is hidden.
  await reporter.page.goto("/feed");
  await expect(reporter.page.getByText(title)).toHaveCount(0);
});
