import { expect, type Page, test } from "@playwright/test";
import type { Post } from "../src/shared/posts.ts";
import { signUpWithProfile } from "./support/accounts.ts";
import { type CaughtMail, mailsTo, verifyAddress } from "./support/mailbox.ts";
import { createPost, feedCard, tag } from "./support/posts.ts";

/**
 * Issue 32: a post shown for 30 days. The server's clock is moved by TEST_CLOCK's test-only route
 * (never by sleeping): 27 days on, the author gets "Still offering …?" with three one-click links,
 * each working once without signing in (a reused and a forged link get a clear page); past its
 * date the post leaves the feed and search, its page says it expired, and the profile lists it
 * under "Past posts".
 */

const DAY_SECONDS = 24 * 60 * 60;

async function moveClock(page: Page, days: number) {
  const moved = await page.request.post("/api/test/clock", {
    data: { advanceSeconds: days * DAY_SECONDS },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The mail's link labelled `label` ("Keep for another 60 days: https://…"). */
function linkIn(mail: CaughtMail, label: string): string {
  const line = mail.text.split("\n").find((each) => each.startsWith(`${label}: `));
  const link = line?.slice(label.length + 2).trim();
  if (!link) throw new Error(`no "${label}" link in:\n${mail.text}`);
  return link;
}

/** Opens `link` signed out, answers the question with `button`, and sees it done. */
async function useLink(page: Page, link: string, question: string, button: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: question })).toBeVisible();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
  // The same link again: it worked once.
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "This link was already used" }),
  ).toBeVisible();
}

test("the 'Still offering …?' mail's links each work once; an expired post leaves the feed and search but keeps its page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const word = `zither${tag()}`;
  const author = await signUpWithProfile(page);
  await verifyAddress(page.request, author.email);

  // Posted through the form, for 30 days.
  const expiring = `Zither lessons ${word}`;
  await page.goto("/feed");
  await page.getByRole("button", { name: "Add a post" }).click();
  const form = page.getByRole("form", { name: "Add a post" });
  await form.getByLabel("Title").fill(expiring);
  await form.getByLabel("Topic").fill("Music");
  await form.getByLabel("Body").fill(`Beginners welcome. ${word}`);
  await expect(form.getByRole("combobox", { name: "Show it for" })).toHaveValue("60");
  await form.getByRole("combobox", { name: "Show it for" }).selectOption("30");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(feedCard(page, expiring)).toHaveCount(1);

  const others: Record<"keep" | "filled" | "remove", Post> = {
    keep: await createPost(page.request, {
      title: `Bike repairs ${word}`,
      topic: "Bikes",
      body: "Punctures.",
      expires_in_days: 30,
    }),
    filled: await createPost(page.request, {
      title: `Sewing help ${word}`,
      topic: "Sewing",
      body: "Hems.",
      expires_in_days: 30,
    }),
    remove: await createPost(page.request, {
      title: `Old sofa ${word}`,
      topic: "Furniture",
      body: "Free.",
      expires_in_days: 30,
    }),
  };

  await moveClock(page, 27);
  const reminders = async () =>
    (await mailsTo(author.email)).filter((each) => each.subject.startsWith("Still offering"));
  await expect.poll(async () => (await reminders()).length, { timeout: 20_000 }).toBe(4);
  const mails = await reminders();
  const about = (title: string) => {
    const found = mails.find((each) => each.subject === `Still offering '${title}'?`);
    if (!found) throw new Error(`no reminder about ${title}`);
    return found;
  };
  expect(about(expiring).text).toContain("Keep for another 60 days: ");

  // The links work signed out: a fresh browser with no session.
  const visitor = await browser.newContext();
  const signedOut = await visitor.newPage();
  await useLink(
    signedOut,
    linkIn(about(others.keep.title), "Keep for another 60 days"),
    `Keep '${others.keep.title}' in the feed for another 60 days?`,
    "Keep for another 60 days",
  );
  await useLink(
    signedOut,
    linkIn(about(others.filled.title), "Mark filled"),
    `Mark '${others.filled.title}' as filled?`,
    "Mark filled",
  );
  const removeLink = linkIn(about(others.remove.title), "Remove");
  await useLink(signedOut, removeLink, `Remove '${others.remove.title}'?`, "Remove");

  // A forged link: its signature changed.
  const forged = new URL(removeLink);
  const token = forged.searchParams.get("token") ?? "";
  forged.searchParams.set("token", `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`);
  await signedOut.goto(forged.toString());
  await expect(
    signedOut.getByRole("heading", { level: 1, name: "This link is not valid" }),
  ).toBeVisible();
  await visitor.close();

  // Past the 30 days: gone from the feed and search, its page says so.
  await moveClock(page, 4);
  await page.goto("/feed");
  await expect(feedCard(page, others.keep.title)).toHaveCount(1);
  await expect(feedCard(page, expiring)).toHaveCount(0);
  await page.goto(`/search?q=${word}`);
  const found = page.getByRole("region", { name: "Posts" });
  await expect(found.getByRole("link", { name: others.keep.title })).toBeVisible();
  await expect(found.getByRole("link", { name: expiring })).toHaveCount(0);

  await page.goto(`/user/${author.username}`);
  const past = page.getByRole("list", { name: "Past posts" });
  await expect(past.getByRole("heading", { name: expiring })).toBeVisible();
  await expect(past.getByRole("heading", { name: others.filled.title })).toBeVisible();
  const open = page.getByRole("list", { name: "Open posts" });
  await expect(open.getByRole("heading", { name: others.keep.title })).toBeVisible();
  await expect(open.getByRole("heading", { name: expiring })).toHaveCount(0);

  await past.getByRole("link", { name: expiring }).click();
  await expect(page.getByRole("heading", { level: 1, name: expiring })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("This post expired on");
  await page.getByRole("button", { name: "Renew for 60 days" }).click();
  await expect(page.getByText("Your post is back in the feed for 60 days.")).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
});
