import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { sendMessage } from "./support/direct-messages.ts";
import { latestMailTo, mailsTo, verifyAddress } from "./support/mailbox.ts";
import { otherMembers, test } from "./support/other-members.ts";

/**
 * Issue 30's quiet mail, with the delay at 3 s (playwright.config.ts): a message left unread is
 * mailed once, a second one in the same unread conversation is not, and the mail's one-click
 * unsubscribe turns that mail off (the page behind its link says so and offers to undo it).
 */
const unique = () => randomBytes(3).toString("hex");

const message = (from: { page: Page }, to: string, text: string) =>
  sendMessage(from.page.request, to, text);

test("a message left unread is mailed once; the mail's unsubscribe turns that mail off and the page undoes it", async ({
  otherMember,
}) => {
  const tag = unique();
  const [alice, bob, carol] = await otherMembers(otherMember, "alice", "bob", "carol");
  await verifyAddress(alice.page.request, alice.account.email);
  await verifyAddress(carol.page.request, carol.account.email);
  const mailsBefore = (await mailsTo(alice.account.email)).length;

  await message(bob, alice.account.username, `${tag} Are you free on Saturday?`);
  const mail = await latestMailTo(alice.account.email, { count: mailsBefore + 1, timeout: 20_000 });
  expect(mail.subject).toBe(`${bob.account.username} wants to talk`);
  expect(mail.links.some((link) => link.endsWith(`/chatapp?with=${bob.account.username}`))).toBe(
    true,
  );

  // A second message in the same unread conversation: no second mail. Carol's, sent after it,
  // comes once the job has passed both.
  await message(bob, alice.account.username, `${tag} Or Sunday?`);
  await message(bob, carol.account.username, `${tag} Hello Carol`);
  await latestMailTo(carol.account.email, { count: 2, timeout: 20_000 });
  expect((await mailsTo(alice.account.email)).length).toBe(mailsBefore + 1);

  // The mail client's one-click: a form POST to the List-Unsubscribe link, no cookie.
  const oneClick = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribed = await bob.page.request.post(oneClick, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);
  await alice.page.goto("/settings");
  await expect(
    alice.page.getByRole("checkbox", { name: "Messages and message requests by mail" }),
  ).not.toBeChecked();

  // The link in the mail's text: the page says what is off, and turns it back on.
  const pageLink = mail.links.find((link) => link.includes("/unsubscribe?token="));
  if (!pageLink) throw new Error("no unsubscribe link in the mail's text");
  const { pathname, search } = new URL(pageLink);
  await alice.page.goto(`${pathname}${search}`);
  await expect(alice.page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(alice.page.getByText('mail about "Messages and message requests"')).toBeVisible();
  await alice.page.getByRole("button", { name: "Turn it back on" }).click();
  await expect(alice.page.getByRole("heading", { name: "Mail is on again" })).toBeVisible();
  await alice.page.goto("/settings");
  await expect(
    alice.page.getByRole("checkbox", { name: "Messages and message requests by mail" }),
  ).toBeChecked();
});

test("a forged unsubscribe link gets a clear page", async ({ page }) => {
  await page.goto("/unsubscribe?token=forged.token");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid.");
});
