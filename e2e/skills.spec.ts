import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { signUpModerator } from "./support/moderators.ts";

/** Issue 33: a vocabulary that matches (skills as data, synonyms, topics matched to skills). */
const unique = () => randomBytes(3).toString("hex");
const SHOTS = process.env.SKILLS_SHOTS;

async function publish(page: Page, title: string, topic: string): Promise<void> {
  const posted = await page.request.post("/api/articles", {
    data: { title, topic, body: `${title}: ask me.` },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

/** Screenshots at 1280 and 360 px when SKILLS_SHOTS names a folder (looked at by hand). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [label, size] of [
    ["1280", { width: 1280, height: 900 }],
    ["360", { width: 360, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the landing page's Plumber chip lists the plumbing posts and the plumbers", async ({
  page,
  browser,
}) => {
  const word = unique();
  const plumberContext = await browser.newContext();
  const plumber = await signUpWithProfile(await plumberContext.newPage(), newAccount("plumber"), {
    skills: ["Plumber"],
  });
  const cookContext = await browser.newContext();
  const cookPage = await cookContext.newPage();
  const cook = await signUpWithProfile(cookPage, newAccount("cook"), { skills: ["Personal Chef"] });
  // Topics in the words people use: none of them says "Plumber".
  await publish(cookPage, `Burst pipe under the sink ${word}`, "Plumbing");
  await publish(cookPage, `Dripping kitchen tap ${word}`, "leak");
  await publish(cookPage, `Sunday roast for six ${word}`, "Cooking");

  await page.goto("/");
  await page
    .getByRole("list", { name: "Popular skills" })
    .getByRole("link", { name: "Plumber", exact: true })
    .click();
  await expect(page).toHaveURL(/\/search\?skill=Plumber$/);
  const posts = page.getByRole("region", { name: "Posts" });
  await expect(
    posts.getByRole("link", { name: `Burst pipe under the sink ${word}` }),
  ).toBeVisible();
  await expect(posts.getByRole("link", { name: `Dripping kitchen tap ${word}` })).toBeVisible();
  await expect(posts.getByText(`Sunday roast for six ${word}`)).toHaveCount(0);
  const people = page.getByRole("region", { name: "People" });
  await expect(people.getByRole("link", { name: plumber.username })).toBeVisible();
  await expect(people.getByRole("link", { name: cook.username })).toHaveCount(0);
  await shots(page, "plumber-chip");
  await Promise.all([plumberContext.close(), cookContext.close()]);
});

test("a moderator adds Electrician with synonyms; a member picks it, and a post about wiring is found by its chip", async ({
  page,
  browser,
}) => {
  await signUpModerator(page, 5);
  await page.goto("/moderation");
  await page.getByRole("link", { name: "Edit the skill list" }).click();
  await expect(page).toHaveURL(/\/moderation\/skills$/);
  await expect(page.getByRole("heading", { level: 1, name: "Skills" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a skill" });
  await add.getByLabel("Name").fill("Electrician");
  await add.getByLabel("Synonyms").fill("electrics, Wiring, sockets");
  await add.getByRole("button", { name: "Add skill" }).click();
  const list = page.getByRole("region", { name: "The skill list" });
  const entry = list.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Electrician" }),
  });
  await expect(entry.getByLabel("Synonyms")).toHaveValue("electrics, wiring, sockets");
  // SPEC's seven stay first, in SPEC's order.
  await expect(list.getByRole("heading", { level: 3 }).first()).toHaveText("Website Developer");
  await shots(page, "moderation-skills");
  await page.goto("/moderation");
  await expect(page.getByRole("region", { name: "Log" })).toContainText(
    "added skill Electrician — synonyms: electrics, wiring, sockets",
  );

  // A member picks it on their profile.
  const context = await browser.newContext();
  const member = await context.newPage();
  const sparky = await signUpWithProfile(member, newAccount("sparky"));
  await member.goto("/userProfile");
  await member.getByRole("button", { name: "Edit Profile" }).click();
  const form = member.getByRole("form", { name: "Edit your profile" });
  await form.getByRole("group", { name: "Skills" }).getByLabel("Electrician").check();
  await member.getByRole("button", { name: "Save Changes" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();
  const skills = member.getByRole("region", { name: "Skills" });
  await expect(skills.getByRole("link", { name: "Electrician", exact: true })).toBeVisible();

  // They post about wiring: the topic field suggests the skill list's words as they type.
  const title = `Sockets and light fittings ${unique()}`;
  await member.goto("/feed");
  await member.getByRole("button", { name: "Add a post" }).click();
  const post = member.getByRole("form", { name: "Add a post" });
  await post.getByLabel("Title").fill(title);
  const topic = post.getByRole("combobox", { name: "Topic" });
  const suggested = () =>
    topic.evaluate((input) =>
      Array.from((input as HTMLInputElement).list?.options ?? []).map((option) => option.value),
    );
  await expect.poll(suggested).toEqual(expect.arrayContaining(["Electrician", "wiring"]));
  await topic.fill("wiring");
  await post.getByLabel("Body").fill("New sockets, light fittings moved, safely.");
  await post.getByRole("button", { name: "Submit" }).click();
  await expect(post).toHaveCount(0);

  // The Electrician chip on their profile finds the post and them.
  await member.goto(`/user/${sparky.username}`);
  await member
    .getByRole("region", { name: "Skills" })
    .getByRole("link", { name: "Electrician", exact: true })
    .click();
  await expect(member).toHaveURL(/\/search\?skill=Electrician$/);
  await expect(
    member.getByRole("region", { name: "Posts" }).getByRole("link", { name: title }),
  ).toBeVisible();
  await expect(
    member.getByRole("region", { name: "People" }).getByRole("link", { name: sparky.username }),
  ).toBeVisible();
  await shots(member, "electrician-chip");
  // And the landing page offers it among its chips.
  await member.goto("/");
  await expect(
    member
      .getByRole("list", { name: "Popular skills" })
      .getByRole("link", { name: "Electrician", exact: true }),
  ).toBeVisible();
  await context.close();
});
