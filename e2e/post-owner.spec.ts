import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { signUpWithProfile } from "./support/accounts.ts";
import { test } from "./support/other-members.ts";
import { createPost, feedCard, tag } from "./support/posts.ts";

/** Issue 19: a post's author edits it, deletes it, marks it filled and reopens it. */

async function createPostTitled(request: APIRequestContext, title: string): Promise<number> {
  const body = "Beginners welcome.\nSaturday mornings.";
  return (await createPost(request, { title, topic: "Music", body })).id;
}

const post = (page: Page) => page.getByRole("article");
const ownerButtons = ["Edit", "Delete", "Mark as filled", "Reopen"];

test("the author edits a post: a refused change keeps what was typed, a saved one shows 'edited'", async ({
  page,
}) => {
  await signUpWithProfile(page);
  const title = `Guitar lessons ${tag()}`;
  const id = await createPostTitled(page.request, title);
  await page.goto(`/articles/${id}`);
  await expect(post(page).getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(post(page).getByText("edited", { exact: true })).toHaveCount(0);

  await post(page).getByRole("button", { name: "Edit", exact: true }).click();
  const form = page.getByRole("form", { name: "Edit your post" });
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel("Title")).toBeFocused();
  await expect(form.getByLabel("Body")).toHaveValue("Beginners welcome.\nSaturday mornings.");
  await expect(form.getByRole("radio", { name: "Offering" })).toBeChecked();

  await form.getByLabel("Title").fill("   ");
  await form.getByLabel("Body").fill("Beginners and improvers.");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Title is required.")).toBeVisible();
  await expect(form.getByLabel("Title")).toBeFocused();
  await expect(form.getByLabel("Body")).toHaveValue("Beginners and improvers.");

  // The server's refusal too: shown by its field, nothing typed lost.
  const newTitle = `Guitar and bass lessons ${tag()}`;
  await form.getByLabel("Title").fill(newTitle);
  await form.getByLabel("Topic").fill("T".repeat(41));
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Topic must be at most 40 characters.")).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue(newTitle);

  await form.getByLabel("Topic").fill("Music");
  await form.getByRole("radio", { name: "Looking for" }).check();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "Your post was updated." })).toBeVisible();
  await expect(post(page).getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  await expect(post(page).getByText("Beginners and improvers.")).toBeVisible();
  await expect(post(page).getByText("Looking for", { exact: true })).toBeVisible();
  await expect(post(page).getByText("edited", { exact: true })).toBeVisible();

  // Stored: after a reload, and on the feed.
  await page.reload();
  await expect(post(page).getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  await expect(post(page).getByText("edited", { exact: true })).toBeVisible();
  await page.goto("/feed");
  await expect(feedCard(page, newTitle)).toHaveCount(1);
  await expect(feedCard(page, title)).toHaveCount(0);
});

test("Cancel closes the form and changes nothing", async ({ page }) => {
  await signUpWithProfile(page);
  const title = `Piano ${tag()}`;
  const id = await createPostTitled(page.request, title);
  await page.goto(`/articles/${id}`);
  await post(page).getByRole("button", { name: "Edit", exact: true }).click();
  const form = page.getByRole("form", { name: "Edit your post" });
  await form.getByLabel("Title").fill("Something else");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);
  await expect(post(page).getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(post(page).getByText("edited", { exact: true })).toHaveCount(0);
});

test("the author deletes a post after confirming: its address says it was removed, the feed no longer has it", async ({
  page,
}) => {
  await signUpWithProfile(page);
  const title = `Drum kit for sale ${tag()}`;
  const id = await createPostTitled(page.request, title);
  await page.goto("/feed");
  await expect(feedCard(page, title)).toHaveCount(1);
  await feedCard(page, title).getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/${id}$`));

  await post(page).getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(dialog).toBeVisible();
  // Cancel first: nothing happens.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(post(page).getByRole("heading", { level: 1, name: title })).toBeVisible();

  await post(page).getByRole("button", { name: "Delete", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete this post?" })
    .getByRole("button", { name: "Delete post" })
    .click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(page.getByRole("alert").filter({ hasText: "Your post was deleted." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Most recent posts" })).toBeVisible();
  await expect(feedCard(page, title)).toHaveCount(0);

  await page.goto(`/articles/${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "This post was removed" }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Post removed/);
  await page.goto("/feed");
  await expect(feedCard(page, title)).toHaveCount(0);
});

test("mark as filled and reopen: a badge for everyone, no Chat to for others, no owner tools for them", async ({
  page,
  otherMember,
}) => {
  const author = await signUpWithProfile(page);
  const title = `Need a babysitter ${tag()}`;
  const id = await createPostTitled(page.request, title);
  const reader = await otherMember("reader");
  const chatTo = reader.page.getByRole("link", { name: `Chat to ${author.username}` });

  await reader.page.goto(`/articles/${id}`);
  await expect(post(reader.page).getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(chatTo).toBeVisible();
  await expect(post(reader.page).getByText("Filled", { exact: true })).toHaveCount(0);
  // Someone else's post: no owner tools at all.
  await expect(post(reader.page).getByRole("button", { name: "Report" })).toBeVisible();
  for (const name of ownerButtons) {
    await expect(post(reader.page).getByRole("button", { name, exact: true })).toHaveCount(0);
  }

  await page.goto(`/articles/${id}`);
  await post(page).getByRole("button", { name: "Mark as filled" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your post is marked as filled." }),
  ).toBeVisible();
  await expect(post(page).getByText("Filled", { exact: true })).toBeVisible();
  await expect(post(page).getByRole("button", { name: "Reopen" })).toBeVisible();

  await reader.page.reload();
  await expect(post(reader.page).getByText("Filled", { exact: true })).toBeVisible();
  await expect(post(reader.page).getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(chatTo).toHaveCount(0);
  for (const name of ownerButtons) {
    await expect(post(reader.page).getByRole("button", { name, exact: true })).toHaveCount(0);
  }
  await reader.page.goto("/feed");
  await expect(feedCard(reader.page, title).getByText("Filled", { exact: true })).toBeVisible();

  await post(page).getByRole("button", { name: "Reopen" }).click();
  await expect(post(page).getByRole("button", { name: "Mark as filled" })).toBeVisible();
  await expect(post(page).getByText("Filled", { exact: true })).toHaveCount(0);

  await reader.page.goto(`/articles/${id}`);
  await expect(chatTo).toBeVisible();
  await expect(post(reader.page).getByText("Filled", { exact: true })).toHaveCount(0);
});
