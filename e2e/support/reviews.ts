import type { Page } from "@playwright/test";

/** The Reviews block of a profile page. */
export const reviewsBlock = (page: Page) => page.getByRole("region", { name: "Reviews" });

/** Opens `username`'s profile and its "Add a review" form; answers the form. */
export async function openReviewForm(page: Page, username: string) {
  await page.goto(`/user/${username}`);
  await reviewsBlock(page).getByRole("button", { name: "Add Review" }).click();
  return page.getByRole("form", { name: "Add a review" });
}
