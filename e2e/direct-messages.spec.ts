import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { otherMembers, test } from "./support/other-members.ts";

/** Issue 17: "Chat to {username}" reaches that person, privately. */
const unique = () => randomBytes(3).toString("hex");

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const conversation = (page: Page, username: string) =>
  page.getByRole("region", { name: `Conversation with ${username}` });

async function publish(page: Page, title: string): Promise<number> {
  const posted = await page.request.post("/api/articles", {
    data: { title, topic: "Lessons", body: `${title}: weekends only.` },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()).article as { id: number }).id;
}

async function write(page: Page, username: string, text: string) {
  const pane = conversation(page, username);
  await pane.getByRole("textbox", { name: "Message" }).fill(text);
  await pane.getByRole("button", { name: "Send", exact: true }).click();
  // Once, in the end: the live frame of one's own message can land a few milliseconds before the
  // send's answer, while the "Sending…" copy is still there (seen in a clean-clone run).
  const sent = pane.getByRole("listitem").filter({ hasText: text });
  await expect(sent).toHaveCount(1);
  await expect(sent).toBeVisible();
}

test("Bob writes to Alice from her post; she sees it live with an unread count and answers; nobody else ever sees it", async ({
  page,
  otherMember,
}) => {
  const tag = unique();
  const [alice, bob, carol] = await otherMembers(otherMember, "alice", "bob", "carol");
  const postId = await publish(alice.page, `Guitar lessons ${tag}`);

  // Alice is somewhere else in the app, with no unread messages.
  await alice.page.goto("/feed");
  await expect(nav(alice.page).getByRole("link", { name: "Messages", exact: true })).toBeVisible();

  // Bob answers the post privately.
  await bob.page.goto(`/articles/${postId}`);
  await bob.page.getByRole("link", { name: `Chat to ${alice.account.username}` }).click();
  await expect(bob.page).toHaveURL(
    new RegExp(`/chatapp\\?with=${alice.account.username}&post=${postId}$`),
  );
  const question = `${tag} Are Saturdays free?`;
  await write(bob.page, alice.account.username, question);

  // Alice's open tab hears it at once: the count, then the message under Requests.
  await expect(nav(alice.page).getByRole("link", { name: "Messages (1)" })).toBeVisible();
  await nav(alice.page).getByRole("link", { name: "Messages (1)" }).click();
  const requests = alice.page.getByRole("region", { name: "Requests" });
  await requests.getByRole("link", { name: new RegExp(bob.account.username) }).click();
  const fromBob = conversation(alice.page, bob.account.username);
  await expect(fromBob.getByText(question)).toBeVisible();
  // Opened is read: the count goes.
  await expect(nav(alice.page).getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  const answer = `${tag} Yes, from ten.`;
  await write(alice.page, bob.account.username, answer);
  await expect(conversation(bob.page, alice.account.username).getByText(answer)).toBeVisible();

  // Carol sees it nowhere: not in her conversations, not through Bob's address, not in the room.
  await carol.page.goto(`/chatapp?with=${bob.account.username}`);
  await expect(conversation(carol.page, bob.account.username)).toBeVisible();
  await expect(carol.page.getByText(question)).toHaveCount(0);
  await expect(carol.page.getByText(answer)).toHaveCount(0);
  const carolsOwn = await carol.page.request.get("/api/conversations");
  expect(JSON.stringify(await carolsOwn.json())).not.toContain(tag);
  await carol.page.goto("/chatapp");
  await expect(carol.page.getByRole("log", { name: "Chat messages" })).toBeVisible();
  await expect(carol.page.getByText(question)).toHaveCount(0);

  // A signed-out visitor is sent to sign in, and reads nothing over the API either.
  await page.goto(`/chatapp?with=${alice.account.username}`);
  await expect(page).toHaveURL(/\/login/);
  const anonymous = await page.request.get(`/api/conversations/with/${alice.account.username}`);
  expect(anonymous.status()).toBe(401);
});
