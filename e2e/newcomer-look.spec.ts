import fs from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { initialsOf } from "../src/shared/avatar.ts";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { signUpModerator } from "./support/moderators.ts";
import { test } from "./support/other-members.ts";
import { CAMBRIDGE_ID, setAreaByApi } from "./support/places.ts";
import { createPost, feedCard, openPost, tag } from "./support/posts.ts";

/**
 * Issue 20, look and feel: "Chat to" never on one's own post (defect 3), feed and search cards that
 * say who, when, what and where, a Chat link in the top bar for everyone that fits a 360 px phone,
 * skill chips that are links, and axe on every screen at 1280 and 360 px. With NEWCOMER_SHOTS=<dir>
 * the walk through every screen also saves a screenshot of each there.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

test("defect 3: one's own post never offers 'Chat to', not even while the page loads; another member's post does", async ({
  page,
  otherMember,
}) => {
  // Records every "Chat to" link that is ever drawn, however briefly.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { chatToSeen: string[] }).chatToSeen = seen;
    new MutationObserver(() => {
      for (const link of document.querySelectorAll("a")) {
        if (link.textContent?.startsWith("Chat to")) seen.push(link.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const author = await signUpWithProfile(page, newAccount("own"));
  const post = await createPost(page.request, {
    title: `Own post ${tag()}`,
    topic: "Music",
    body: "Piano lessons on Sundays.",
  });
  const article = await openPost(page, post);
  // The author's tools mean the session is known: the page has drawn all it will.
  await expect(article.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Chat to/ })).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { chatToSeen: string[] }).chatToSeen),
  ).toEqual([]);

  const reader = await otherMember("reader");
  await reader.page.goto(`/articles/${post.id}`);
  await expect(
    reader.page.getByRole("link", { name: `Chat to ${author.username}`, exact: true }),
  ).toBeVisible();
});

test("a feed card says who (avatar), how long ago (the exact date on hover), what and where; the body preview rule stays", async ({
  page,
}) => {
  const author = await signUpWithProfile(page, newAccount("card"));
  await setAreaByApi(page.request, author.username, CAMBRIDGE_ID);
  const body =
    "Looking for someone to fix a leaking kitchen tap this week, ideally in the evening.";
  const post = await createPost(page.request, {
    title: `Leaking tap ${tag()}`,
    topic: "Home repair",
    body,
    type: "looking-for",
  });
  await page.goto("/feed");
  const card = feedCard(page, post.title);
  await expect(card).toBeVisible();
  await expect(card.getByText(initialsOf(author.username), { exact: true })).toBeVisible();
  await expect(card.getByText(`by: ${author.username}`)).toBeVisible();
  const when = card.getByText(/^(just now|1 minute ago|\d+ minutes ago)$/);
  await expect(when).toBeVisible();
  await expect(when).toHaveAttribute("datetime", post.created_at);
  await expect(when).toHaveAttribute("title", new RegExp(String(new Date().getFullYear())));
  await expect(card.getByText("Looking for", { exact: true })).toBeVisible();
  await expect(card.getByText("Home repair", { exact: true })).toBeVisible();
  await expect(card.getByText("Cambridge")).toBeVisible();
  await expect(card.getByText(`${body.slice(0, 25)}...`, { exact: true })).toBeVisible();

  // Search results for posts say the same.
  await page.goto(`/search?q=${encodeURIComponent(post.title)}`);
  const result = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: post.title }) });
  await expect(result.getByText(initialsOf(author.username), { exact: true })).toBeVisible();
  await expect(result.getByText(/^(just now|1 minute ago|\d+ minutes ago)$/)).toHaveAttribute(
    "datetime",
    post.created_at,
  );
});

/**
 * The top bar's links all sit inside a 360 px screen (none pushed off, no sideways scrolling), on
 * two lines at most: a third would push the chat's Send button below a 740 px screen.
 */
async function expectTopBarFits(page: Page, names: string[]) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const rows = new Set<number>();
  for (const name of names) {
    const role = name === "Sign out" || name === "Menu" ? "button" : "link";
    const link = nav.getByRole(role, { name, exact: true });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width);
    rows.add(Math.round(box?.y ?? 0));
  }
  expect(rows.size, `rows of ${names.join(", ")}`).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
}

test("a Chat link in the top bar for visitors and members, on one 360 px screen with the others", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expectTopBarFits(page, ["Chat", "Login", "Register"]);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Chat", exact: true })
    .click();
  await expect(page).toHaveURL(/\/chatapp$/);
  await expect(page.getByRole("heading", { name: "Chat", exact: true })).toBeVisible();

  await signUpWithProfile(page, newAccount("bar"));
  await page.goto("/feed");
  await expect(page.getByRole("heading", { name: "Most recent posts" })).toBeVisible();
  // Issue 34: a member's phone bar is the bell, Messages and a menu for the rest (one row, tested
  // in phone-messaging.spec.ts).
  await expectTopBarFits(page, ["Notifications", "Messages", "Menu"]);

  // At 1280 px the bar is one line, also once the member's own links (a chunk of their own) came:
  // their arrival must not wrap it and shift the page.
  await page.setViewportSize(DESKTOP);
  const nav = page.getByRole("navigation", { name: "Main" });
  const chat = nav.getByRole("link", { name: "Chat", exact: true });
  await expect(chat).toHaveAttribute("href", "/chatapp");
  await expect(nav.getByRole("link", { name: /^Messages/ })).toBeVisible();
  const middle = async (name: string) => {
    const box = await nav
      .getByRole(name === "Sign out" ? "button" : "link", { name, exact: true })
      .boundingBox();
    return Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2);
  };
  const logo = await middle("Your Local Talents");
  for (const name of ["Chat", "Feed", "Sign out"]) expect(await middle(name), name).toBe(logo);
});

test("skill chips are links to the people with that skill; interests do not look like links", async ({
  page,
  otherMember,
}) => {
  const member = await otherMember("chips");
  await member.page.request.put(`/api/users/${member.account.username}`, {
    data: { skills: ["Plumber", "Tour Guide"], interests: ["Math Teacher"] },
  });
  await signUpWithProfile(page, newAccount("viewer"));
  await page.goto(`/user/${member.account.username}`);
  const skills = page.getByRole("region", { name: "Skills" });
  const plumber = skills.getByRole("link", { name: "Plumber", exact: true });
  await expect(plumber).toHaveAttribute("href", "/search?skill=Plumber");
  await expect(skills.getByRole("link", { name: "Tour Guide", exact: true })).toBeVisible();
  const interests = page.getByRole("region", { name: "Interests" });
  await expect(interests.getByText("Math Teacher")).toBeVisible();
  await expect(interests.getByRole("link")).toHaveCount(0);
  // Not drawn as the skill links are (their colour and border).
  const looks = async (locator: ReturnType<Page["getByText"]>) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor} ${style.color} ${style.borderTopColor}`;
    });
  expect(await looks(interests.getByText("Math Teacher"))).not.toBe(await looks(plumber));

  await plumber.click();
  await expect(page).toHaveURL(/\/search\?skill=Plumber$/);
  const found = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: member.account.username }) });
  await expect(found.getByRole("link", { name: "Tour Guide", exact: true })).toHaveAttribute(
    "href",
    "/search?skill=Tour%20Guide",
  );
});

/** Every screen of the app, as a newcomer meets them: axe at 1280 and 360 px, a screenshot each. */
const SHOTS = process.env.NEWCOMER_SHOTS;

async function check(page: Page, name: string, ready: () => Promise<void>, member = false) {
  for (const [label, size] of [
    ["1280", DESKTOP],
    ["360", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    // A member's top bar is whole once its links loaded (their own chunk): checked and shown whole.
    if (member) {
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ }),
      ).toBeVisible();
    }
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
    }
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${name} at ${label} px: ${v.id}: ${v.help}`),
      name,
    ).toEqual([]);
  }
}

/** `check` for a member with a profile: their top bar's own links (Messages) have loaded. */
const checkMember = (page: Page, name: string, ready: () => Promise<void>) =>
  check(page, name, ready, true);

const heading =
  (page: Page, name: string | RegExp, level = 1) =>
  async () => {
    await expect(page.getByRole("heading", { level, name })).toBeVisible();
  };

test("every screen a visitor meets passes axe at 1280 and 360 px", async ({ page }) => {
  // Many screens at two widths, each checked by axe: 17 s when quiet, 34 s beside other jobs.
  test.setTimeout(90_000);
  await page.goto("/");
  await check(page, "landing", heading(page, "Your Local Talents"));
  await page.goto("/login");
  await check(page, "login", async () => {
    await expect(page.getByLabel("Password")).toBeVisible();
  });
  await page.goto("/register");
  await check(page, "register", async () => {
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  });
  await page.goto("/chatapp");
  await check(page, "chat-visitor", heading(page, "Chat"));
  await page.goto("/no-such-page");
  await check(page, "not-found", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
  await page.goto("/search?skill=Plumber");
  await check(page, "search-visitor", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
  // An account without a profile yet.
  const account = newAccount("fresh");
  const res = await page.request.post("/api/auth/register", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status()).toBe(201);
  await page.goto("/createYourUser");
  await check(page, "create-profile", async () => {
    await expect(page.getByLabel("Username")).toBeVisible();
  });
});

test("every screen a member meets passes axe at 1280 and 360 px", async ({ page, otherMember }) => {
  test.setTimeout(180_000);
  const other = await otherMember("neighbour");
  await other.page.request.put(`/api/users/${other.account.username}`, {
    data: {
      bio: "Retired plumber, happy to help with leaks and boilers.",
      skills: ["Plumber"],
      interests: ["Personal Chef"],
    },
  });
  await setAreaByApi(other.page.request, other.account.username, CAMBRIDGE_ID);
  const othersPost = await createPost(other.page.request, {
    title: `Boiler service ${tag()}`,
    topic: "Plumbing",
    body: "Annual boiler checks and small repairs, evenings and weekends.",
  });
  const filled = await createPost(other.page.request, {
    title: `Garden help ${tag()}`,
    topic: "Gardening",
    body: "Someone to mow a small lawn.",
    type: "looking-for",
  });
  expect((await other.page.request.put(`/api/articles/${filled.id}/filled`)).ok()).toBe(true);
  const removed = await createPost(other.page.request, {
    title: `Removed ${tag()}`,
    topic: "Misc",
    body: "Soon gone.",
  });
  expect((await other.page.request.delete(`/api/articles/${removed.id}`)).ok()).toBe(true);

  const me = await signUpWithProfile(page, newAccount("member"), {
    skills: ["Website Developer"],
    interests: ["Tour Guide"],
  });
  const mine = await createPost(page.request, {
    title: `Websites for shops ${tag()}`,
    topic: "Web",
    body: "Small websites for local shops, fixed price.",
  });
  const reviewed = await page.request.post("/api/reviews", {
    data: {
      created_about: other.account.username,
      title: "Fixed our boiler",
      body: "Quick and tidy.",
      rating: 5,
    },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);

  await page.goto("/feed");
  await checkMember(page, "feed", heading(page, "Most recent posts"));
  await page.getByRole("button", { name: "Add a post" }).click();
  await checkMember(page, "add-post", async () => {
    await expect(page.getByRole("form", { name: "Add a post" })).toBeVisible();
  });
  await page.goto(`/articles/${mine.id}`);
  await checkMember(page, "post-own", heading(page, mine.title));
  await page.goto(`/articles/${othersPost.id}`);
  await checkMember(page, "post-other", heading(page, othersPost.title));
  await page.goto(`/articles/${filled.id}`);
  await checkMember(page, "post-filled", heading(page, filled.title));
  await page.goto(`/articles/${removed.id}`);
  await checkMember(page, "post-removed", async () => {
    await expect(page.getByText("This post was removed")).toBeVisible();
  });
  await page.goto(`/user/${me.username}`);
  await checkMember(page, "profile-own", heading(page, /'s Profile$/));
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await checkMember(page, "profile-edit", async () => {
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  });
  await page.goto(`/user/${other.account.username}`);
  await checkMember(page, "profile-other", heading(page, /'s Profile$/));
  await page.getByRole("button", { name: "See Reviews" }).click();
  await checkMember(page, "reviews", async () => {
    await expect(page.getByText("Fixed our boiler")).toBeVisible();
  });
  await page.goto("/chatapp");
  await checkMember(page, "chat", heading(page, "Chat"));
  await page.goto(`/chatapp?with=${other.account.username}`);
  await checkMember(page, "conversation", async () => {
    await expect(page.getByRole("heading", { name: other.account.username })).toBeVisible();
  });
  await page.goto(`/search?q=boiler`);
  await checkMember(page, "search", async () => {
    await expect(page.getByRole("heading", { name: othersPost.title })).toBeVisible();
  });
  await page.goto("/settings");
  await checkMember(page, "settings", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("the moderation screen passes axe at 1280 and 360 px", async ({ page, otherMember }) => {
  const other = await otherMember("reported");
  const post = await createPost(other.page.request, {
    title: `Reported ${tag()}`,
    topic: "Misc",
    body: "Something to look at.",
  });
  await signUpModerator(page, 7);
  const report = await page.request.post("/api/reports", {
    data: { target: { type: "post", id: String(post.id) }, reason: "spam" },
  });
  expect(report.ok(), await report.text()).toBe(true);
  await page.goto("/moderation");
  await checkMember(page, "moderation", async () => {
    await expect(page.getByText(post.title).first()).toBeVisible();
  });
});
