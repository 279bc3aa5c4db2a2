import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, type ApiRequest, later } from "../../../test/harness/web/fake-api.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { reviewOf } from "../../../test/harness/web/reviews.ts";
import type { Review } from "../../shared/reviews.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { ReviewList } from "./review-list.tsx";

const HIDDEN_TEXT = "Hidden by moderators. Only you and moderators can see it.";

const review = (id: number, username: string, title: string, hidden = false): Review =>
  reviewOf(id, username, { title, ...(hidden && { hidden }) });

describe("the review list", () => {
  it("has Report on others' reviews only, and marks the viewer's hidden one", async () => {
    const { queryClient } = renderWithApi(<ReviewList username="grace" />, (request) =>
      request.path === "/me"
        ? { status: 200, body: sessionOf("ada") }
        : {
            status: 200,
            body: {
              reviews: [review(2, "bob", "Quick and tidy"), review(1, "ada", "Mine", true)],
              nextCursor: null,
            },
          },
    );
    const items = within(await screen.findByRole("list")).getAllByRole("listitem");
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe("success"));
    const [bobs, mine] = items as [HTMLElement, HTMLElement];
    const report = within(bobs).getByRole("button", { name: "Report" });
    expect(
      document.getElementById(report.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("Quick and tidy");
    expect(within(bobs).queryByText(HIDDEN_TEXT)).toBeNull();
    expect(within(mine).queryByRole("button", { name: "Report" })).toBeNull();
    expect(within(mine).getByText(HIDDEN_TEXT)).toBeTruthy();
  });

  it('badges a contact-backed review "Met through a conversation", and tells the author of a held one when others see it', async () => {
    const visibleFrom = "2026-03-02T10:00:00.000Z";
    renderWithApi(<ReviewList username="grace" />, (request) =>
      request.path === "/me"
        ? { status: 200, body: sessionOf("ada") }
        : {
            status: 200,
            body: {
              reviews: [
                { ...review(3, "bob", "Talked first"), contact_backed: true },
                { ...review(2, "ada", "Mine, held"), visible_from: visibleFrom },
                review(1, "cy", "Never talked"),
              ],
              nextCursor: null,
            },
          },
    );
    const [backed, held, plain] = within(await screen.findByRole("list")).getAllByRole(
      "listitem",
    ) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(backed).getByText("Met through a conversation")).toBeTruthy();
    for (const other of [held, plain]) {
      expect(within(other).queryByText("Met through a conversation")).toBeNull();
    }
    const notice = within(held).getByText(/^Visible from/);
    expect(notice.querySelector("time")?.getAttribute("dateTime")).toBe(visibleFrom);
    expect(notice.textContent).toMatch(/Only you can see it until then/);
    for (const other of [backed, plain])
      expect(within(other).queryByText(/^Visible from/)).toBeNull();
  });
});

/** Reviews 1…count about grace, newest (the highest id) first. */
const manyReviews = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    review(count - i, `member${count - i}`, `Title ${count - i}`),
  );

/** The fake server's page size (the real one's is 20): small, so that the tests render little. */
const PAGE = 5;

/**
 * The list with the server holding `count` reviews, PAGE a page (the cursor here: how many came
 * before); `nextPage` answers the pages after the first, when given.
 */
function renderPaged(count: number, nextPage?: (request: ApiRequest) => Promise<ApiAnswer>) {
  const stored = manyReviews(count);
  return renderWithApi(<ReviewList username="grace" />, (request) => {
    if (request.path === "/me") return { status: 200, body: sessionOf("ada") };
    const cursor = new URL(request.path, "http://localhost").searchParams.get("cursor");
    if (cursor && nextPage) return nextPage(request);
    const start = Number(cursor ?? 0);
    const end = start + PAGE;
    const nextCursor = end < stored.length ? String(end) : null;
    return { status: 200, body: { reviews: stored.slice(start, end), nextCursor } };
  });
}

const listed = () => within(screen.getByRole("list", { name: "Reviews about grace" }));

describe("the review list's pages", () => {
  it("shows the first page, then 'More reviews' adds the older ones below and goes on the last page", async () => {
    const { requests } = renderPaged(12);
    await screen.findByRole("article", { name: "Title 12" });
    expect(listed().getAllByRole("article")).toHaveLength(PAGE);
    expect(requests.filter((r) => r.path.startsWith("/reviews?")).map((r) => r.path)).toEqual([
      "/reviews?created_about=grace",
    ]);

    await userEvent.click(screen.getByRole("button", { name: "More reviews" }));
    await screen.findByRole("article", { name: "Title 3" });
    expect(listed().getAllByRole("article")).toHaveLength(2 * PAGE);
    await userEvent.click(screen.getByRole("button", { name: "More reviews" }));
    await screen.findByRole("article", { name: "Title 1" });

    const titles = listed()
      .getAllByRole("article")
      .map((article) => article.querySelector("h3")?.textContent);
    expect(titles).toEqual(manyReviews(12).map((r) => r.title));
    expect(screen.queryByRole("button", { name: "More reviews" })).toBeNull();
    expect(requests.filter((r) => r.path.includes("cursor=")).map((r) => r.path)).toEqual([
      "/reviews?created_about=grace&cursor=5",
      "/reviews?created_about=grace&cursor=10",
    ]);
  });

  it("has no 'More reviews' when one page holds them all", async () => {
    renderPaged(PAGE);
    await screen.findByRole("article", { name: "Title 5" });
    expect(listed().getAllByRole("article")).toHaveLength(PAGE);
    expect(screen.queryByRole("button", { name: "More reviews" })).toBeNull();
  });

  it("says 'Loading...' on the button while the page loads, then gives the first new review the focus", async () => {
    const page = later({
      status: 200,
      body: { reviews: manyReviews(PAGE + 1).slice(PAGE), nextCursor: null },
    });
    const { requests } = renderPaged(PAGE + 1, () => page.reply);
    await screen.findByRole("article", { name: "Title 6" });
    const more = screen.getByRole("button", { name: "More reviews" });
    more.focus();
    await userEvent.keyboard("{Enter}");

    expect(more.textContent).toBe("Loading...");
    expect(more.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(more);
    // Pressed again while it loads: nothing more is asked.
    await userEvent.keyboard("{Enter}");
    expect(requests.filter((r) => r.path.includes("cursor="))).toHaveLength(1);
    page.send();
    const first = await screen.findByRole("article", { name: "Title 1" });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.queryByRole("button", { name: /More reviews|Loading/ })).toBeNull();
  });

  it("says when a page could not load, and keeps the button for another try", async () => {
    let fail = true;
    renderPaged(PAGE + 1, async () =>
      fail
        ? { status: 500 }
        : { status: 200, body: { reviews: manyReviews(PAGE + 1).slice(PAGE), nextCursor: null } },
    );
    await screen.findByRole("article", { name: "Title 6" });
    await userEvent.click(screen.getByRole("button", { name: "More reviews" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not load more reviews. Please try again.",
    );
    expect(listed().getAllByRole("article")).toHaveLength(PAGE);
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "More reviews" }));
    expect(await screen.findByRole("article", { name: "Title 1" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
