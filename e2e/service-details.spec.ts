import { expect, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile } from "./support/accounts.ts";
import { test } from "./support/other-members.ts";
import { CAMBRIDGE_ID, setAreaByApi } from "./support/places.ts";
import { createPost, feedCard, tag } from "./support/posts.ts";

/** Issue 32: a member's rate, availability, travel distance and ways to reach them. */

const serviceBlock = (page: Page) =>
  page.getByRole("region", { name: "Service details", exact: true });

test("the owner fills their service details; members see the phone, visitors do not; cards show the rate", async ({
  page,
  browser,
  baseURL,
  otherMember,
}) => {
  const phone = `01223 555 ${Math.floor(100 + Math.random() * 900)}`;
  const me = await signUpWithProfile(page, newAccount("svc"));
  await setAreaByApi(page.request, me.username, CAMBRIDGE_ID);
  await page.goto("/userProfile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = page.getByRole("form", { name: "Edit your profile" });
  const service = form.getByRole("group", { name: "Service details" });
  await service.getByRole("radio", { name: "An amount" }).check();
  await service.getByLabel("Amount (GBP)").fill("25");
  await service.getByLabel("Per").selectOption("per hour");
  const availability = service.getByRole("group", { name: "Availability" });
  await availability.getByLabel("Weekdays").check();
  await availability.getByLabel("Evenings").check();
  await service.getByLabel("How far I travel (km)").fill("15");
  const reach = service.getByRole("group", { name: "How to reach me" });
  await reach.getByLabel("Message here").check();
  await reach.getByLabel("Phone (shown to members)").check();
  // Offered without a number: the form says so and sends nothing.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(service.getByText("Add a phone number to be reached by phone")).toBeVisible();
  await service.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Profile Edited" })).toBeVisible();

  const own = serviceBlock(page);
  await expect(own).toContainText("£25 per hour");
  await expect(own).toContainText("Weekdays, Evenings");
  await expect(own).toContainText("Up to 15 km");
  await expect(own.getByRole("link", { name: phone })).toBeVisible();

  const title = `Bike repairs ${tag()}`;
  await createPost(page.request, { title, topic: "Repairs", body: "Punctures, brakes, gears." });

  // A signed-in member sees everything, the phone too, and the rate on the post's card.
  const member = await otherMember("neighbour");
  await member.page.goto(`/user/${me.username}`);
  const seen = serviceBlock(member.page);
  await expect(seen).toContainText("£25 per hour");
  await expect(seen).toContainText("Weekdays, Evenings");
  await expect(seen).toContainText("Up to 15 km");
  await expect(seen.getByRole("link", { name: phone })).toHaveAttribute(
    "href",
    `tel:${phone.replaceAll(" ", "")}`,
  );
  await expect(seen.getByRole("link", { name: `Chat to ${me.username}` })).toBeVisible();
  await member.page.goto("/feed");
  await expect(feedCard(member.page, title)).toContainText("£25 per hour");

  // A signed-out visitor sees the rate, availability and distance, never the phone.
  const visitor = await browser.newContext({ baseURL });
  try {
    const page2 = await visitor.newPage();
    await page2.goto(`/user/${me.username}`);
    const public_ = serviceBlock(page2);
    await expect(public_).toContainText("£25 per hour");
    await expect(public_).toContainText("Weekdays, Evenings");
    await expect(public_).toContainText("Up to 15 km");
    await expect(public_).toContainText("members only");
    await expect(page2.locator("body")).not.toContainText(phone);
  } finally {
    await visitor.close();
  }
});
