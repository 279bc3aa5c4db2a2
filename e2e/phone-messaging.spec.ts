import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { type OtherMember, test } from "./support/other-members.ts";

/**
 * Issue 34, phone and messages: messaging screens fill a 360×740 phone with their composer in
 * sight and one scroll area (1), the top bar in one row with a menu (2), a conversation's header
 * on one line (4), "Messages" leading to the inbox and "Chat" to the room (5).
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const unique = () => randomBytes(3).toString("hex");
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const conversation = (page: Page, username: string) =>
  page.getByRole("region", { name: `Conversation with ${username}` });

/** What scrolls on the page: the document, and every element whose content overflows its box. */
function scrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollHeight > window.innerHeight + 1) found.push("the document");
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const { overflowY } = getComputedStyle(element);
      if (overflowY !== "auto" && overflowY !== "scroll") continue;
      if (element.scrollHeight > element.clientHeight + 1) {
        found.push(element.getAttribute("aria-label") ?? element.className);
      }
    }
    return found;
  });
}

/** The composer (the message box and Send) lies wholly within the screen. */
async function expectComposerInSight(page: Page, within: Locator) {
  const box = await within.getByRole("textbox", { name: "Message" }).boundingBox();
  const send = await within.getByRole("button", { name: "Send", exact: true }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, "the message box").not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
  expect((send?.y ?? 0) + (send?.height ?? 0)).toBeLessThanOrEqual(height);
}

/** `from` writes `count` messages to `to` through the API. */
async function writeMessages(from: OtherMember, to: string, count: number, tag: string) {
  for (let i = 1; i <= count; i += 1) {
    const sent = await from.page.request.post(`/api/conversations/with/${to}/messages`, {
      data: { text: `${tag} message ${i}`, clientId: `${tag}-${i}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
}

test("item 1: the room fills a 360×740 phone, its message box in sight and its log the one scroll area", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUpWithProfile(page, newAccount("room"));
  await page.goto("/chatapp");
  const log = page.getByRole("log", { name: "Chat messages" });
  await expect(log).toBeVisible();
  await expectComposerInSight(page, page.locator("main"));
  // Only the log may scroll (it does once the room holds more than a screenful).
  expect((await scrollers(page)).filter((name) => name !== "Chat messages")).toEqual([]);
  // The log takes the room the composer leaves: it reaches down to just above the form.
  const logBox = await log.boundingBox();
  const formBox = await page.getByRole("textbox", { name: "Message" }).boundingBox();
  expect((formBox?.y ?? 0) - ((logBox?.y ?? 0) + (logBox?.height ?? 0))).toBeLessThan(40);
  // A keyboard takes the bottom of the screen: the composer moves up with the visible part.
  await page.setViewportSize({ width: 360, height: 420 });
  await expectComposerInSight(page, page.locator("main"));
  // Only the log may scroll (it does once the room holds more than a screenful).
  expect((await scrollers(page)).filter((name) => name !== "Chat messages")).toEqual([]);
});

test("item 1: a long conversation on a 360×740 phone scrolls in its log only, the message box in sight", async ({
  page,
  otherMember,
}) => {
  const bob = await otherMember("bob");
  await page.setViewportSize(PHONE);
  const alice = await signUpWithProfile(page, newAccount("alice"));
  await writeMessages(bob, alice.username, 25, unique());
  await page.goto(`/chatapp?with=${bob.account.username}`);
  const pane = conversation(page, bob.account.username);
  await expect(pane.getByText("message 25")).toBeVisible();
  await expectComposerInSight(page, pane);
  expect(await scrollers(page)).toEqual([`Messages with ${bob.account.username}`]);
});

test("item 4: a conversation's header is one line on a 360 px phone", async ({
  page,
  otherMember,
}) => {
  const other = await otherMember("long_named_neighbour");
  await page.setViewportSize(PHONE);
  await signUpWithProfile(page, newAccount("header"));
  await page.goto(`/chatapp?with=${other.account.username}`);
  const header = conversation(page, other.account.username).locator("header").first();
  // The way back, whatever it says, and the name.
  const back = header.getByRole("link").first();
  const name = header.getByRole("heading", { name: other.account.username });
  await expect(name).toBeVisible();
  const middle = async (part: Locator) => {
    const box = await part.boundingBox();
    return Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2);
  };
  expect(Math.abs((await middle(back)) - (await middle(name)))).toBeLessThanOrEqual(4);
  expect((await header.boundingBox())?.height ?? 0).toBeLessThanOrEqual(48);
  await expect(back).toHaveAccessibleName("Back to messages");
  await back.click();
  await expect(page).toHaveURL(/\/messages$/);
});

test("item 2: on a 360 px phone the top bar is one row: logo, search, bell, Messages and a menu for the rest", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUpWithProfile(page, newAccount("bar"));
  await page.goto("/feed");
  await expect(page.getByRole("heading", { name: "Most recent posts" })).toBeVisible();
  const bar = nav(page);
  const shown = [
    bar.getByRole("link", { name: "Your Local Talents" }),
    bar.getByRole("button", { name: "Search" }),
    bar.getByRole("link", { name: /^Notifications/ }),
    bar.getByRole("link", { name: /^Messages/ }),
    bar.getByRole("button", { name: "Menu" }),
  ];
  const rows = new Set<number>();
  for (const part of shown) {
    await expect(part).toBeVisible();
    const box = await part.boundingBox();
    rows.add(Math.round(((box?.y ?? 0) + (box?.height ?? 0) / 2) / 8));
  }
  expect(rows.size, "rows of the top bar").toBe(1);
  expect((await bar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The rest waits behind the menu, a disclosure that says whether it is open.
  const menu = bar.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  for (const name of ["Feed", "Profile", "Settings", "Chat"]) {
    await expect(bar.getByRole("link", { name, exact: true })).toBeHidden();
  }
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Feed", "Profile", "Settings", "Chat"]) {
    await expect(bar.getByRole("link", { name, exact: true })).toBeInViewport();
  }
  await expect(bar.getByRole("button", { name: "Sign out" })).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await menu.click();
  await bar.getByRole("link", { name: "Chat", exact: true }).click();
  await expect(page).toHaveURL(/\/chatapp$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // At 1280 px every link stands in the one-line bar and there is no menu.
  await page.setViewportSize(DESKTOP);
  await expect(menu).toBeHidden();
  for (const name of ["Feed", "Profile", "Settings", "Chat"]) {
    await expect(bar.getByRole("link", { name, exact: true })).toBeVisible();
  }
  expect((await bar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(72);
});

test("item 5: Messages opens the inbox, or the one conversation with unread messages; Chat opens the room", async ({
  page,
  otherMember,
}) => {
  const bob = await otherMember("bob");
  const carol = await otherMember("carol");
  await page.setViewportSize(PHONE);
  const alice = await signUpWithProfile(page, newAccount("alice"));
  const tag = unique();

  // Nothing unread: Messages is the inbox.
  await page.goto("/feed");
  await nav(page).getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("region", { name: "Conversations" })).toBeVisible();
  await expect(page.getByRole("log", { name: "Chat messages" })).toHaveCount(0);

  // One conversation with unread messages: Messages opens it.
  await writeMessages(bob, alice.username, 2, `${tag}-bob`);
  await page.goto("/feed");
  await nav(page).getByRole("link", { name: "Messages (2)" }).click();
  await expect(page).toHaveURL(new RegExp(`/chatapp\\?with=${bob.account.username}$`));
  await expect(conversation(page, bob.account.username).getByText("message 2")).toBeVisible();

  // Unread messages in two: the inbox, with the new request in sight on the phone, no tab to open.
  await writeMessages(carol, alice.username, 1, `${tag}-carol`);
  await page.goto("/feed");
  await nav(page).getByRole("link", { name: "Messages (1)" }).click();
  await expect(page).toHaveURL(new RegExp(`/chatapp\\?with=${carol.account.username}$`));
  // Away from Carol's conversation, where her next message would be read as it comes.
  await page.goto("/feed");
  await expect(nav(page).getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  await writeMessages(bob, alice.username, 1, `${tag}-bob-again`);
  await writeMessages(carol, alice.username, 1, `${tag}-carol-again`);
  await page.goto("/feed");
  await nav(page).getByRole("link", { name: "Messages (2)" }).click();
  await expect(page).toHaveURL(/\/messages$/);
  const requests = page.getByRole("region", { name: "Requests" });
  await expect(
    requests.getByRole("link", { name: new RegExp(carol.account.username) }),
  ).toBeInViewport();
  await expect(page.getByRole("tab")).toHaveCount(0);

  // Chat is the public room, for everyone (SPEC's /chatapp).
  await nav(page).getByRole("button", { name: "Menu" }).click();
  await nav(page).getByRole("link", { name: "Chat", exact: true }).click();
  await expect(page).toHaveURL(/\/chatapp$/);
  await expect(page.getByRole("log", { name: "Chat messages" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Conversations" })).toHaveCount(0);
});

test("item 6: the conversation list keeps inside its card at 360 and 1280 px: previews cut with an ellipsis, times in sight", async ({
  page,
  otherMember,
}) => {
  const bob = await otherMember("bob");
  const alice = await signUpWithProfile(page, newAccount("alice"));
  const long = `${unique()} ${"Could you also have a look at the boiler pressure and the radiator valves upstairs? ".repeat(4)}`;
  const title = `Boiler checks ${unique()}`;
  const posted = await page.request.post("/api/articles", {
    data: { title, topic: "Plumbing", body: "Annual boiler checks." },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()) as { article: { id: number } }).article.id;
  // Bob writes from Alice's post ("Chat to" on it sends its id).
  const sent = await bob.page.request.post(`/api/conversations/with/${alice.username}/messages`, {
    data: { text: long, clientId: `long-${unique()}`, origin_post_id: postId },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  for (const [size, address] of [
    [PHONE, "/messages"],
    [DESKTOP, `/chatapp?with=${bob.account.username}`],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(address);
    const list = page.getByRole("region", { name: "Conversations" });
    const entry = list.getByRole("link", { name: new RegExp(bob.account.username) });
    await expect(entry).toBeVisible();
    const time = entry.locator("time").first();
    await expect(time).toBeVisible();
    // Which post it started from, and when.
    await expect(entry).toContainText(`About “${title}”, started`);
    const layout = await list.evaluate((card) => {
      const box = card.getBoundingClientRect();
      const inside = (element: Element) => {
        const r = element.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      };
      // The innermost element holding the preview (the last of those around it).
      const preview = [...card.querySelectorAll<HTMLElement>("a span")].findLast((span) =>
        span.textContent?.includes("boiler pressure"),
      );
      return {
        timesInside: [...card.querySelectorAll("time")].every(inside),
        linksInside: [...card.querySelectorAll("a")].every(inside),
        cut: preview ? preview.scrollWidth > preview.clientWidth : false,
        ellipsis: preview ? getComputedStyle(preview).textOverflow : "",
      };
    });
    expect(layout, `at ${size.width} px`).toEqual({
      timesInside: true,
      linksInside: true,
      cut: true,
      ellipsis: "ellipsis",
    });
  }
  // The open conversation says it too, with a link to the post.
  await expect(
    conversation(page, bob.account.username).getByRole("link", { name: title }),
  ).toHaveAttribute("href", `/articles/${postId}`);
});
