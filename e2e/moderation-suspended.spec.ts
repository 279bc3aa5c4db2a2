import { expect, type Page } from "@playwright/test";
import { signUpModerator } from "./support/moderators.ts";
import { test } from "./support/other-members.ts";

/**
 * Issue 34 item 7, at 1280 px: a suspension stays within a moderator's reach once no report names
 * the member: /moderation lists who is suspended, with Lift, and so does the member's profile.
 */
async function suspend(page: Page, username: string, duration: "week" | "indefinite") {
  const res = await page.request.post(`/api/moderation/members/${username}/suspend`, {
    data: { duration, reason: "Scams" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("a moderator finds suspended members on /moderation and on their profile, and lifts them", async ({
  page,
  otherMember,
}) => {
  const forAWeek = await otherMember("week");
  const untilLifted = await otherMember("lifted");
  const bystander = await otherMember("bystander");
  await signUpModerator(page, 2);
  // No report names them: suspended straight from the API, as after a closed report.
  await suspend(page, forAWeek.account.username, "week");
  await suspend(page, untilLifted.account.username, "indefinite");

  await page.goto("/moderation");
  const list = page.getByRole("region", { name: "Suspended members" });
  const entry = (username: string) =>
    list.getByRole("listitem").filter({ hasText: `@${username}` });
  await expect(entry(forAWeek.account.username)).toContainText(/Suspended until .+\d/);
  await expect(entry(untilLifted.account.username)).toContainText("Suspended until lifted");
  await expect(entry(bystander.account.username)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/firstrun/moderation-suspended-1280.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(entry(untilLifted.account.username)).toBeVisible();
  await page.screenshot({ path: "/tmp/firstrun/moderation-suspended-360.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await entry(forAWeek.account.username)
    .getByRole("button", { name: `Lift the suspension of @${forAWeek.account.username}` })
    .click();
  await expect(entry(forAWeek.account.username)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Log" })).toContainText(
    `lifted the suspension of ${forAWeek.account.username}`,
  );

  // On the member's profile: the status and Lift, to the moderator only.
  await page.goto(`/user/${untilLifted.account.username}`);
  await expect(page.getByText("Suspended until lifted")).toBeVisible();
  await page.screenshot({ path: "/tmp/firstrun/profile-suspended-1280.png" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "/tmp/firstrun/profile-suspended-360.png" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await bystander.page.goto(`/user/${untilLifted.account.username}`);
  await expect(
    bystander.page.getByRole("heading", { level: 1, name: untilLifted.account.username }),
  ).toBeVisible();
  await expect(bystander.page.getByText("Suspended until lifted")).toHaveCount(0);
  await page
    .getByRole("button", { name: `Lift the suspension of @${untilLifted.account.username}` })
    .click();
  await expect(page.getByText("Suspended until lifted")).toHaveCount(0);
  await page.goto("/moderation");
  await expect(list.getByText("Nobody is suspended.")).toBeVisible();
});
