import { randomBytes } from "node:crypto";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { registerWithProfile } from "./support/accounts.ts";
import { notice } from "./support/landmarks.ts";
import { CAMBRIDGE_ID, kmBetween, WATERBEACH_ID } from "./support/places.ts";
import { test } from "./support/sign-in.ts";

// Issue 33: search and browsing that know where a signed-out visitor is, by the town they pick.

/** About 141 km from Cambridge. */
const BIRMINGHAM_ID = 2655603;

/** A word no other journey writes: letters only, so it is one word to the search. */
const uniqueWord = () =>
  `zq${[...randomBytes(4)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;

/** Two posts with `word` by a fresh member: a plain one near Cambridge, then a newer, better one far away. */
async function nearAndFarPosts(request: APIRequestContext, word: string) {
  await registerWithProfile(request);
  const post = async (title: string, body: string, areaId: number) => {
    const res = await request.post("/api/articles", {
      data: { title, topic: "Repairs", body, area_id: areaId },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const near = `Garden jobs and ${word}`;
  const far = `${word} ${word} specialist`;
  await post(near, "Weekends only.", WATERBEACH_ID);
  await post(far, `The best ${word} in the Midlands: ${word} every day.`, BIRMINGHAM_ID);
  await request.post("/api/auth/logout");
  return { near, far };
}

/** "~9 km": the band the answers carry (places.ts roundedDistanceKm). */
const band = (km: number) =>
  `~${km < 10 ? Math.max(1, Math.round(km)) : Math.round(km / 5) * 5} km`;

const townField = (page: Page) => page.getByRole("combobox", { name: "Town" });

async function pickCambridge(page: Page) {
  await townField(page).fill("Cambr");
  await page.getByRole("option", { name: "Cambridge, ENG, GB" }).click();
  await expect(page).toHaveURL(new RegExp(`near=${CAMBRIDGE_ID}`));
}

/** No cookie of the visitor's holds the town: it lives in the address only. */
async function expectNoTownCookie(context: BrowserContext) {
  const cookies = await context.cookies();
  expect(cookies.filter((cookie) => cookie.value.includes(String(CAMBRIDGE_ID)))).toEqual([]);
}

test("a signed-out visitor picks Cambridge and sees the nearest match first, with distance bands", async ({
  page,
  context,
  request,
}) => {
  const word = uniqueWord();
  const { near, far } = await nearAndFarPosts(request, word);

  await page.goto(`/search?q=${word}`);
  const results = page.getByRole("region", { name: "Posts" }).getByRole("listitem");
  // Nowhere to measure from: the newer, better match first, no distances.
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText(far);
  await expect(results.first()).not.toContainText("km");

  await pickCambridge(page);
  await expect(results.first()).toContainText(near);
  await expect(results.first()).toContainText(band(kmBetween(CAMBRIDGE_ID, WATERBEACH_ID)));
  await expect(results.nth(1)).toContainText(far);
  await expect(results.nth(1)).toContainText(band(kmBetween(CAMBRIDGE_ID, BIRMINGHAM_ID)));
  await expectNoTownCookie(context);

  // The address keeps the town: a reload (or a shared link) shows it by name and ranks the same.
  await page.reload();
  await expect(townField(page)).toHaveValue("Cambridge, ENG, GB");
  await expect(results.first()).toContainText(near);
  await page.getByRole("combobox", { name: "Distance from Cambridge" }).selectOption("25");
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(near);
});

test("the landing page offers the public posts beside 'Browse the feed'; /feed keeps its guard", async ({
  page,
  context,
  request,
}) => {
  const word = uniqueWord();
  const { near, far } = await nearAndFarPosts(request, word);

  await page.goto("/");
  const main = page.getByRole("main");
  // 'Browse the feed' goes to sign in, then back to the feed (not through the guard's alert).
  await expect(main.getByRole("link", { name: "Browse the feed" })).toHaveAttribute(
    "href",
    "/login?next=%2Ffeed",
  );
  await main.getByRole("link", { name: "Browse without an account" }).click();
  await expect(page).toHaveURL("/browse");
  await expect(page.getByRole("heading", { level: 1, name: "Browse posts" })).toBeVisible();
  await expect(notice(page, "You don't have access!")).toHaveCount(0);

  await pickCambridge(page);
  await page.getByRole("combobox", { name: "Distance from Cambridge" }).selectOption("25");
  // The Topic field suggests skills as one types: a combobox (issue 33).
  await page.getByRole("combobox", { name: "Topic" }).fill("Repairs");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(`/browse?topic=Repairs&near=${CAMBRIDGE_ID}&within=25`);
  const cards = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
  const nearCard = cards.filter({ hasText: near });
  await expect(nearCard).toHaveCount(1);
  await expect(nearCard).toContainText(band(kmBetween(CAMBRIDGE_ID, WATERBEACH_ID)));
  await expect(cards.filter({ hasText: far })).toHaveCount(0);
  await expectNoTownCookie(context);

  // Signing in from here leads to SPEC's feed; opened signed out, /feed still says no.
  await expect(page.getByRole("link", { name: "Sign in to post" })).toHaveAttribute(
    "href",
    "/login?next=%2Ffeed",
  );
  await page.goto("/feed");
  await expect(notice(page, "You don't have access!")).toBeVisible();
});
