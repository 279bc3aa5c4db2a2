import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { newAccount, registerWithProfile, signUpWithProfile } from "./support/accounts.ts";

/**
 * Issue 29: the conversations list comes 20 at a time, older ones with "Load more"; the top bar's
 * count is every conversation's unread, listed yet or not.
 */
const PAGE = 20;
const WRITERS = PAGE + 2;

test("a member with more conversations than a page: 20 listed, 'Load more' brings the older ones, the count covers them all", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex");
  const contexts: APIRequestContext[] = [];
  try {
    const alice = await signUpWithProfile(page, newAccount("alice"));
    // Each writes in turn, so the list's order is theirs reversed: the first writer is the oldest.
    const writers: string[] = [];
    for (let i = 1; i <= WRITERS; i++) {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      const { username } = await registerWithProfile(request, newAccount(`w${i}`));
      const sent = await request.post(`/api/conversations/with/${alice.username}/messages`, {
        data: { text: `${tag} hello ${i}`, clientId: `${tag}-${i}` },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      writers.push(username);
    }

    // The inbox (issue 34: /chatapp is the public room alone).
    await page.goto("/messages");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: `Messages (${WRITERS})` })).toBeVisible();
    const list = page.getByRole("region", { name: "Conversations" });
    const entries = list.getByRole("link");
    await expect(entries).toHaveCount(PAGE);
    await expect(entries.first()).toContainText(`${tag} hello ${WRITERS}`);
    const oldest = list.getByRole("link", { name: new RegExp(writers[0] ?? "") });
    await expect(oldest).toHaveCount(0);

    await list.getByRole("button", { name: "Load more" }).click();
    await expect(entries).toHaveCount(WRITERS);
    await expect(list.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(entries.last()).toContainText(`${tag} hello 1`);

    // The oldest, from the second page: opened is read, and the count goes down by one.
    await oldest.click();
    const pane = page.getByRole("region", { name: `Conversation with ${writers[0]}` });
    await expect(pane.getByText(`${tag} hello 1`)).toBeVisible();
    await expect(nav.getByRole("link", { name: `Messages (${WRITERS - 1})` })).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
  }
});
