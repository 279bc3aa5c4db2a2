import { expect } from "@playwright/test";
import { newAccountsURL } from "./support/new-accounts-server.ts";
import { test } from "./support/other-members.ts";

/**
 * Issue 34 item 10, at 360 px: on a site whose operator named no moderator (the second e2e server
 * has no ADMIN_EMAILS), a report is kept, and its confirmation does not promise that someone looks.
 */
test.use({ baseURL: newAccountsURL(), viewport: { width: 360, height: 740 } });

test("a report on a site with no moderator says nobody will review it until the operator adds one", async ({
  otherMember,
}) => {
  const author = await otherMember("author");
  const posted = await author.page.request.post("/api/articles", {
    data: { title: "Garden help", topic: "Gardener", body: "Weeding and mowing, weekends." },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()).article as { id: number }).id;

  const reporter = await otherMember("reporter");
  await reporter.page.goto(`/articles/${postId}`);
  await reporter.page.getByRole("button", { name: "Report" }).click();
  const dialog = reporter.page.getByRole("dialog", { name: "Report" });
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(
    reporter.page.getByText(
      "Thanks, your report is recorded. This site has no moderators yet, so nobody will review it until the site's operator adds one.",
    ),
  ).toBeVisible();
  await expect(reporter.page.getByText("Moderators will look at it")).toHaveCount(0);
  await expect(reporter.page.getByRole("button", { name: "Reported" })).toBeDisabled();
  await reporter.page.screenshot({ path: "/tmp/firstrun/report-unmoderated-360.png" });
});
