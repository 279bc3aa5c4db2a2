import { expect, test } from "@playwright/test";
import { signUpWithProfile } from "./support/accounts.ts";

// Profile saves, not posts: flooding the shared feed would push other journeys' posts off its
// first page. The limit and its text are the same code for every kind of write (src/server/limits).
test("a save past the account's limit is refused with a clear text, and the form keeps what was typed", async ({
  page,
}) => {
  const account = await signUpWithProfile(page);
  // Save until the limit answers, whatever it is set to for the journeys (playwright.config.ts).
  let saved = 0;
  for (;;) {
    const res = await page.request.put(`/api/users/${account.username}`, {
      data: { bio: `Draft ${saved}`, skills: [], interests: [] },
    });
    if (res.status() === 429) break;
    expect(res.status(), await res.text()).toBe(200);
    saved++;
    expect(saved, "no limit was reached").toBeLessThan(200);
  }

  await page.goto(`/user/${account.username}`);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const form = page.getByRole("form", { name: "Edit your profile" });
  await form.getByLabel("Bio").fill("Typed with care.\nSecond line.");
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(form.getByText(/^Profile not saved:/)).toHaveText(
    new RegExp(
      `^Profile not saved: You have saved your profile ${saved} times in the last hour\\. You can save it again in \\d+ minutes?\\.`,
    ),
  );
  await expect(form.getByLabel("Bio")).toHaveValue("Typed with care.\nSecond line.");
  await page.reload();
  await expect(page.getByText("Typed with care.")).toHaveCount(0);
});
