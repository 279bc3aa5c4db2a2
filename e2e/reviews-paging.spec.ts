import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  newAccount,
  registerWithProfile,
  signUpWithProfile,
  type TestAccount,
} from "./support/accounts.ts";

/** Issue 21: the reviews about a member come 20 at a time, older ones with 'More reviews'. */

const PAGE = 20;
/** Reviews by others, written after the viewer's: theirs is the oldest, on the second page. */
const OTHERS = PAGE + 1;

type ApiMember = { request: APIRequestContext; account: TestAccount };

/** A member signed in through the API only (its own cookies), with a profile: no browser. */
async function apiMember(
  newContext: () => Promise<APIRequestContext>,
  prefix: string,
): Promise<ApiMember> {
  const request = await newContext();
  return { request, account: await registerWithProfile(request, newAccount(prefix)) };
}

async function writeReview(request: APIRequestContext, about: string, title: string) {
  const res = await request.post("/api/reviews", {
    data: { created_about: about, title, body: `${title}: on time and tidy.`, rating: 4 },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const reviewsBlock = (page: Page) => page.getByRole("region", { name: "Reviews" });

test("a member with more than a page of reviews: 20 shown, 'More reviews' shows the rest and goes; the viewer's review on the second page is theirs to edit", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const contexts: APIRequestContext[] = [];
  const newContext = async () => {
    const context = await playwright.request.newContext({ baseURL });
    contexts.push(context);
    return context;
  };
  try {
    const subject = await apiMember(newContext, "paged");
    const about = subject.account.username;
    const viewer = await signUpWithProfile(page, newAccount("oldest"));
    await writeReview(page.request, about, "The first review");
    // Each in turn, so that they are newer than the viewer's and come newest first in this order.
    const others = await Promise.all(
      Array.from({ length: OTHERS }, (_, i) => apiMember(newContext, `rev${i}`)),
    );
    for (const [i, other] of others.entries()) {
      await writeReview(other.request, about, `Review number ${i + 1}`);
    }

    await page.goto(`/user/${about}`);
    const block = reviewsBlock(page);
    // Their review is not on the first page, and still the button edits it.
    await expect(block.getByRole("button", { name: "Edit your review" })).toBeEnabled();
    await expect(block.getByRole("button", { name: "Add Review" })).toHaveCount(0);

    await block.getByRole("button", { name: "See Reviews" }).click();
    const list = block.getByRole("list", { name: `Reviews about ${about}` });
    const articles = list.getByRole("article");
    await expect(articles).toHaveCount(PAGE);
    await expect(articles.first()).toHaveAccessibleName(`Review number ${OTHERS}`);
    await expect(list.getByRole("article", { name: "The first review" })).toHaveCount(0);

    // By keyboard: the focus goes on to the first review of the new page.
    const more = block.getByRole("button", { name: "More reviews" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(articles).toHaveCount(OTHERS + 1);
    await expect(articles.nth(PAGE)).toBeFocused();
    await expect(articles.nth(PAGE)).toHaveAccessibleName("Review number 1");
    await expect(more).toHaveCount(0);
    await expect(block.getByRole("button", { name: "Loading..." })).toHaveCount(0);
    const mine = list.getByRole("article", { name: "The first review" });
    await expect(mine.getByRole("link", { name: viewer.username })).toBeVisible();
    await expect(mine.getByRole("button", { name: "Delete" })).toBeVisible();

    // Edited from the block's button, it changes where it is, last.
    await block.getByRole("button", { name: "Edit your review" }).click();
    const form = page.getByRole("form", { name: "Edit your review" });
    await expect(form.getByLabel("Title")).toHaveValue("The first review");
    await form.getByLabel("Title").fill("Still the first review");
    await form.getByRole("button", { name: "Save review" }).click();
    await expect(form).toHaveCount(0);
    await expect(articles.last()).toHaveAccessibleName("Still the first review");
    await expect(articles).toHaveCount(OTHERS + 1);
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()));
  }
});
