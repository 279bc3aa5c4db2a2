import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { otherMembers, test } from "./support/other-members.ts";

/**
 * Issue 16: a block hides the blocked member from the blocker, silently; issue 28: their review of
 * the blocker looks posted to them and nobody else sees it.
 */
const unique = () => randomBytes(3).toString("hex");

async function openChat(page: Page) {
  await page.goto("/chatapp");
  await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
}

const messageItem = (page: Page, text: string) =>
  page.getByRole("log", { name: "Chat messages" }).getByRole("listitem").filter({ hasText: text });

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messageItem(page, text)).toBeVisible();
}

test("a block hides the blocked member's chat messages from the blocker and withholds their review; unblock from settings", async ({
  otherMember,
}) => {
  // Three members, the room, two profiles and settings: a long journey on a shared machine.
  test.slow();
  const tag = unique();
  const [blocker, pest, friend] = await otherMembers(otherMember, "blocker", "pest", "friend");
  await openChat(blocker.page);
  await openChat(pest.page);
  await openChat(friend.page);

  await send(pest.page, `${tag} hello from the pest`);
  await expect(messageItem(blocker.page, `${tag} hello from the pest`)).toBeVisible();

  // Block from the profile page, confirmed.
  await blocker.page.goto(`/user/${pest.account.username}`);
  await blocker.page.getByRole("button", { name: "Block", exact: true }).click();
  const confirm = blocker.page.getByRole("dialog", { name: `Block @${pest.account.username}?` });
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(
    blocker.page.getByText(
      "You blocked this member. You won't see their posts, reviews or messages.",
    ),
  ).toBeVisible();

  // The room: the pest's messages are gone for the blocker, old and new; others still talk.
  await openChat(blocker.page);
  await send(pest.page, `${tag} are you ignoring me`);
  await send(friend.page, `${tag} the friend still talks`);
  await expect(messageItem(blocker.page, `${tag} the friend still talks`)).toBeVisible();
  await expect(messageItem(blocker.page, `${tag} are you ignoring me`)).toHaveCount(0);
  await expect(messageItem(blocker.page, `${tag} hello from the pest`)).toHaveCount(0);
  // Silent: the pest still reads the whole room, their own messages included.
  await expect(messageItem(pest.page, `${tag} the friend still talks`)).toBeVisible();

  // The pest's review of the blocker looks posted to the pest, and nobody else sees it (issue 28).
  await pest.page.goto(`/user/${blocker.account.username}`);
  const reviews = pest.page.getByRole("region", { name: "Reviews" });
  await reviews.getByRole("button", { name: "Add Review" }).click();
  const form = pest.page.getByRole("form", { name: "Add a review" });
  await form.getByLabel("Title").fill(`${tag} Rude`);
  await form.getByLabel("Review", { exact: true }).fill("Never answers.");
  await form.getByRole("button", { name: "Add a Review" }).click();
  await expect(reviews.getByText(`${tag} Rude`)).toBeVisible();
  for (const other of [blocker, friend]) {
    await other.page.goto(`/user/${blocker.account.username}`);
    const theirs = other.page.getByRole("region", { name: "Reviews" });
    await theirs.getByRole("button", { name: "See Reviews" }).click();
    await expect(theirs.getByText("No Reviews Yet")).toBeVisible();
    await expect(theirs.getByText(`${tag} Rude`)).toHaveCount(0);
  }

  // Unblock from the settings list: the pest's messages are back.
  await blocker.page.goto("/settings");
  const blocked = blocker.page.getByRole("region", { name: "Blocked members" });
  await expect(blocked).toContainText(pest.account.username);
  await blocked.getByRole("button", { name: "Unblock" }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  await openChat(blocker.page);
  await expect(messageItem(blocker.page, `${tag} are you ignoring me`)).toBeVisible();
});
