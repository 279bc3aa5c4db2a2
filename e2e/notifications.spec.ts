import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { sendMessage } from "./support/direct-messages.ts";
import { otherMembers, test } from "./support/other-members.ts";

/** Issue 30: the bell tells a member what happened while they were on another page. */
const unique = () => randomBytes(3).toString("hex");

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const bell = (page: Page, count?: number) =>
  nav(page).getByRole("link", {
    name: count ? `Notifications (${count})` : "Notifications",
    exact: true,
  });

const message = (from: Page, to: string, text: string) => sendMessage(from.request, to, text);

test("Bob writes while Alice is on the feed: her bell counts it live, the entry leads to the conversation, and reading it clears the count", async ({
  otherMember,
}) => {
  const tag = unique();
  const [alice, bob] = await otherMembers(otherMember, "alice", "bob");
  await alice.page.goto("/feed");
  await expect(bell(alice.page)).toBeVisible();
  await expect(alice.page).toHaveTitle("Most recent posts · Your Local Talents");

  await message(bob.page, alice.account.username, `${tag} Can you tune a piano?`);
  await message(bob.page, alice.account.username, `${tag} It is an old upright.`);
  // No reload: the count comes over the page's socket, into the bell and the tab's title.
  await expect(bell(alice.page, 1)).toBeVisible();
  await expect(alice.page).toHaveTitle("(1) Most recent posts · Your Local Talents");

  await bell(alice.page, 1).click();
  await expect(alice.page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const entry = alice.page.getByRole("link", {
    name: new RegExp(`${bob.account.username} wants to talk \\(2 messages\\)`),
  });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(alice.page).toHaveURL(new RegExp(`/chatapp\\?with=${bob.account.username}$`));
  const log = alice.page.getByRole("log", { name: `Messages with ${bob.account.username}` });
  await expect(log.getByText(`${tag} It is an old upright.`)).toBeVisible();
  // Opened is read: the bell and the title lose the count.
  await expect(bell(alice.page)).toBeVisible();
  await expect(alice.page).toHaveTitle(`${bob.account.username} · Chat · Your Local Talents`);

  await alice.page.goto("/notifications");
  await expect(
    alice.page.getByRole("link", { name: new RegExp(`${bob.account.username} wants to talk`) }),
  ).not.toContainText("New");
});

test("a message from a member Alice blocked never rings her bell; Mark all read clears the rest", async ({
  otherMember,
}) => {
  const tag = unique();
  const [alice, pest, cleo] = await otherMembers(otherMember, "alice", "pest", "cleo");
  const blocked = await alice.page.request.put(`/api/blocks/${pest.account.username}`);
  expect(blocked.status(), await blocked.text()).toBe(200);
  await alice.page.goto("/notifications");
  await expect(alice.page.getByText("Nothing yet.")).toBeVisible();

  await message(pest.page, alice.account.username, `${tag} you can't ignore me`);
  await message(cleo.page, alice.account.username, `${tag} hello from Cleo`);
  await expect(bell(alice.page, 1)).toBeVisible();
  const list = alice.page.getByRole("list");
  await expect(list.getByRole("link")).toHaveCount(1);
  await expect(list.getByRole("link")).toContainText(`${cleo.account.username} wants to talk`);
  await expect(list).not.toContainText(pest.account.username);

  await alice.page.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(alice.page)).toBeVisible();
  await expect(alice.page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
});

test("a review notifies the member it is about, and their reply notifies the reviewer; each entry leads to the profile", async ({
  otherMember,
}) => {
  const tag = unique();
  const [alice, bob] = await otherMembers(otherMember, "alice", "bob");
  await alice.page.goto("/feed");
  await bob.page.goto("/feed");
  await expect(bell(alice.page)).toBeVisible();

  const reviewed = await bob.page.request.post("/api/reviews", {
    data: {
      created_about: alice.account.username,
      title: `Great lessons ${tag}`,
      body: "Patient and clear.",
      rating: 5,
    },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  const reviewId = ((await reviewed.json()).review as { id: number }).id;

  await bell(alice.page, 1).click();
  await alice.page
    .getByRole("link", { name: new RegExp(`${bob.account.username} reviewed you`) })
    .click();
  await expect(alice.page).toHaveURL(new RegExp(`/user/${alice.account.username}#reviews$`));
  await expect(alice.page.getByText(`Great lessons ${tag}`)).toBeVisible();
  await expect(bell(alice.page)).toBeVisible();

  const replied = await alice.page.request.put(`/api/reviews/${reviewId}/reply`, {
    data: { body: `Thank you, ${bob.account.username}!` },
  });
  expect(replied.status(), await replied.text()).toBe(201);
  await bell(bob.page, 1).click();
  await bob.page
    .getByRole("link", { name: new RegExp(`${alice.account.username} replied to your review`) })
    .click();
  await expect(bob.page).toHaveURL(new RegExp(`/user/${alice.account.username}#reviews$`));
  await expect(bob.page.getByText(`Thank you, ${bob.account.username}!`)).toBeVisible();
});
