import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { otherMembers, test } from "./support/other-members.ts";

/** Issue 30: "Alert me" on a search, and the bell rings for the next matching post. */
const unique = () => randomBytes(3).toString("hex");

/** The top bar's bell, by its accessible name: "Notifications", or "Notifications (n)" with a count. */
const bell = (page: Page, name = "Notifications") =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

test("Alice saves a search with Alert me; Bob posts a match; her bell counts it live and the entry leads to the post", async ({
  otherMember,
}) => {
  const word = `tap${unique()}`;
  const [alice, bob] = await otherMembers(otherMember, "alice", "bob");
  await alice.page.goto(`/search?q=${word}`);
  const alertMe = alice.page.getByRole("form", { name: "Alert me about new posts" });
  await alertMe.getByLabel("Tell me about new matching posts").selectOption("instant");
  await alertMe.getByRole("button", { name: "Alert me" }).click();
  await expect(alice.page.getByText(/^Saved\. New posts matching this search/)).toBeVisible();

  await alice.page.goto("/settings");
  const saved = alice.page.getByRole("list", { name: "Saved searches" });
  await expect(saved.getByRole("link", { name: `“${word}”` })).toBeVisible();

  await alice.page.goto("/feed");
  await expect(bell(alice.page)).toBeVisible();
  const title = `Fixing a ${word} this week`;
  const posted = await bob.page.request.post("/api/articles", {
    data: { title, topic: "Home", body: "Dripping taps and leaks fixed." },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { article } = (await posted.json()) as { article: { id: number } };

  // No reload: the count comes over the page's socket.
  await expect(bell(alice.page, "Notifications (1)")).toBeVisible();
  await bell(alice.page, "Notifications (1)").click();
  const entry = alice.page.getByRole("link", {
    name: new RegExp(`New post matching “${word}”: ${title}`),
  });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(alice.page).toHaveURL(new RegExp(`/articles/${article.id}$`));
  await expect(alice.page.getByRole("heading", { name: title })).toBeVisible();
  await expect(bell(alice.page)).toBeVisible();
});
