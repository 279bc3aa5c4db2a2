import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signUpWithProfile } from "./support/accounts.ts";

test("a post past the account's limit is refused with a clear text, and the form keeps what was typed", async ({
  page,
}) => {
  await signUpWithProfile(page);
  // Post until the limit answers, whatever it is set to for the journeys (playwright.config.ts).
  let posted = 0;
  for (;;) {
    const res = await page.request.post("/api/articles", {
      data: { title: `Filler ${posted}`, topic: "Limits", body: "Filling the hour." },
    });
    if (res.status() === 429) break;
    expect(res.status(), await res.text()).toBe(201);
    posted++;
    expect(posted, "no limit was reached").toBeLessThan(200);
  }

  await page.goto("/feed");
  await page.getByRole("button", { name: "Add a post" }).click();
  const form = page.getByRole("form", { name: "Add a post" });
  const title = `One too many ${randomBytes(3).toString("hex")}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Topic").fill("Limits");
  await page.getByLabel("Body").fill("Typed with care.\nSecond line.");
  await form.getByRole("button", { name: "Submit" }).click();

  await expect(form.getByRole("alert")).toHaveText(
    new RegExp(
      `^Your post was not added\\. You have added ${posted} posts in the last hour\\. You can post again in \\d+ minutes?\\.`,
    ),
  );
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Topic")).toHaveValue("Limits");
  await expect(page.getByLabel("Body")).toHaveValue("Typed with care.\nSecond line.");
  await expect(
    page.getByRole("list", { name: "Posts" }).getByRole("heading", { name: title }),
  ).toHaveCount(0);
});
