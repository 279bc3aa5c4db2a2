import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApiRequest } from "../../../test/harness/web/fake-api.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { withModalDialogs } from "../../../test/harness/web/modal-dialogs.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { reviewOf } from "../../../test/harness/web/reviews.ts";
import type { Review } from "../../shared/reviews.ts";
import { ReviewsBlock } from "./reviews-block.tsx";

withModalDialogs();

const review = reviewOf;

/** The fake server's page size (the real one's is 20): small, so that the tests render little. */
const PAGE = 3;

/**
 * GET /api/reviews?… as the server answers it: `by` keeps the one its author wrote; pages of
 * `limit` (PAGE unless said), each after the review its cursor names (here: its id).
 */
function pageOf(stored: Review[], path: string) {
  const query = new URL(path, "http://localhost").searchParams;
  const by = query.get("by");
  const matching = by ? stored.filter((r) => r.username === by) : stored;
  const cursor = query.get("cursor");
  const start = cursor ? matching.findIndex((r) => r.id === Number(cursor)) + 1 : 0;
  const end = start + Number(query.get("limit") ?? PAGE);
  const reviews = matching.slice(start, end);
  return {
    reviews,
    nextCursor: end < matching.length ? String(reviews.at(-1)?.id) : null,
  };
}

/** What an edit, a deletion or a reply does to review `current`: its new state (none: deleted). */
function changeOf(
  { method, path, body }: ApiRequest,
  current: Review,
): { review: Review | null; answer: { status: number; body?: unknown } } | undefined {
  if (method === "PATCH") {
    const edited = { ...current, ...(body as object), edited_at: "2026-02-01T00:00:00.000Z" };
    return { review: edited, answer: { status: 200, body: { review: edited } } };
  }
  if (method === "DELETE" && path.endsWith("/reply")) {
    return { review: { ...current, reply: null }, answer: { status: 204 } };
  }
  if (method === "DELETE") return { review: null, answer: { status: 204 } };
  if (method === "PUT") {
    const reply = { body: (body as { body: string }).body, created_at: current.created_at };
    return {
      review: { ...current, reply },
      answer: { status: current.reply ? 200 : 201, body: { reply } },
    };
  }
  return undefined;
}

/**
 * Grace's profile as `viewer` sees it, the server keeping the reviews about her: a new one, an edit,
 * a deletion and replies change them, as the real one would.
 */
function renderBlock(viewer: string, reviews: Review[]) {
  let stored = [...reviews];
  const answer = (request: ApiRequest) => {
    const { method, path, body } = request;
    if (path === "/me") return { status: 200, body: sessionOf(viewer) };
    if (path.startsWith("/reviews?")) return { status: 200, body: pageOf(stored, path) };
    if (method === "POST" && path === "/reviews") {
      const created = review(99, viewer, body as Partial<Review>);
      stored = [created, ...stored];
      return { status: 201, body: { review: created } };
    }
    const id = Number(path.split("/")[2]);
    const current = stored.find((r) => r.id === id) as Review;
    const changed = changeOf(request, current);
    if (changed === undefined) return { status: 404 };
    stored = changed.review
      ? stored.map((r) => (r.id === id ? (changed.review as Review) : r))
      : stored.filter((r) => r.id !== id);
    return changed.answer;
  };
  const rendered = renderWithApi(
    <ReviewsBlock
      subject={{ username: "grace" }}
      viewer={{ username: viewer }}
      signedIn
      sessionKnown
    />,
    answer,
  );
  return { ...rendered, stored: () => stored };
}

const block = () => within(screen.getByRole("region", { name: "Reviews" }));
const reviewNamed = async (title: string) => screen.findByRole("article", { name: title });

describe("the reviews block", () => {
  it("closes the form once the review is sent, and 'Add Review' becomes 'Edit your review'", async () => {
    const { requests } = renderBlock("ada", [review(1, "bob")]);
    await userEvent.click(await block().findByRole("button", { name: "Add Review" }));
    const form = within(await screen.findByRole("form", { name: "Add a review" }));
    await userEvent.type(form.getByLabelText("Title"), "Great");
    await userEvent.type(form.getByLabelText("Review"), "Fixed it fast.");
    await userEvent.click(form.getByRole("button", { name: "Add a Review" }));

    const edit = await block().findByRole("button", { name: "Edit your review" });
    expect(screen.queryByRole("form", { name: "Add a review" })).toBeNull();
    expect(block().queryByRole("button", { name: "Add Review" })).toBeNull();
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(edit));
    expect(await reviewNamed("Great")).toBeTruthy();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("edits the viewer's review in a prefilled form, and the list shows it edited", async () => {
    const { requests } = renderBlock("ada", [review(1, "bob"), review(2, "ada", { rating: 2 })]);
    await userEvent.click(await block().findByRole("button", { name: "Edit your review" }));
    const form = within(await screen.findByRole("form", { name: "Edit your review" }));
    expect(form.getByLabelText("Title")).toHaveProperty("value", "Review by ada");
    expect(form.getByRole("radio", { name: "2" })).toHaveProperty("checked", true);
    await userEvent.clear(form.getByLabelText("Title"));
    await userEvent.type(form.getByLabelText("Title"), "Better than I said");
    await userEvent.click(form.getByRole("radio", { name: "5" }));
    await userEvent.click(form.getByRole("button", { name: "Save review" }));

    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Edit your review" })).toBeNull(),
    );
    expect(requests.find((r) => r.method === "PATCH")).toMatchObject({
      path: "/reviews/2",
      body: { title: "Better than I said", body: "Fine.", rating: 5 },
    });
    const mine = within(await reviewNamed("Better than I said"));
    expect(mine.getByText("Rating: 5 / 5")).toBeTruthy();
    expect(mine.getByText("edited")).toBeTruthy();
  });

  it("deletes the viewer's review after asking, and 'Add Review' is back", async () => {
    const { requests } = renderBlock("ada", [review(2, "ada")]);
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    const mine = within(await reviewNamed("Review by ada"));
    expect(mine.queryByRole("button", { name: "Report" })).toBeNull();
    await userEvent.click(mine.getByRole("button", { name: "Delete" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your review?" }));
    expect(requests.some((r) => r.method === "DELETE")).toBe(false);
    await userEvent.click(dialog.getByRole("button", { name: "Delete" }));

    expect(await block().findByRole("button", { name: "Add Review" })).toBeTruthy();
    expect(await block().findByText("No Reviews Yet")).toBeTruthy();
    expect(requests.find((r) => r.method === "DELETE")?.path).toBe("/reviews/2");
  });

  it("shows each review's author (avatar, name to their profile), date, and Report on others'", async () => {
    renderBlock("ada", [review(1, "bob", { edited_at: "2026-01-02T00:00:00.000Z" })]);
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    const article = await reviewNamed("Review by bob");
    const bobs = within(article);
    expect(bobs.getByRole("link", { name: "bob" }).getAttribute("href")).toBe("/user/bob");
    expect(bobs.getByText("edited")).toBeTruthy();
    expect(article.querySelector("time")?.getAttribute("dateTime")).toBe(
      "2026-01-01T00:00:00.000Z",
    );
    expect(article.querySelector(".avatar")?.textContent).toBe("BO");
    expect(bobs.getByRole("button", { name: "Report" })).toBeTruthy();
    expect(bobs.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(bobs.queryByRole("button", { name: "Reply" })).toBeNull();
  });
});

describe("the reviews block with more than a page of reviews", () => {
  /** 5 reviews about grace: ada's the oldest, so on the second page. */
  const olderThanAPage = () => [
    ...Array.from({ length: 4 }, (_, i) => review(1000 - i, `member${i}`)),
    review(2, "ada", { rating: 2 }),
  ];
  const more = () => block().getByRole("button", { name: "More reviews" });

  it("asks for the viewer's own review alone, and offers to edit it though it is not on the first page", async () => {
    const { requests } = renderBlock("ada", olderThanAPage());
    expect(await block().findByRole("button", { name: "Edit your review" })).toBeTruthy();
    // The list's pages are read only when it opens.
    expect(requests.filter((r) => r.path.startsWith("/reviews?")).map((r) => r.path)).toEqual([
      "/reviews?created_about=grace&by=ada&limit=1",
    ]);
    await userEvent.click(block().getByRole("button", { name: "See Reviews" }));
    await reviewNamed("Review by member0");
    expect(screen.getAllByRole("article")).toHaveLength(PAGE);
    expect(screen.queryByRole("article", { name: "Review by ada" })).toBeNull();
  });

  it("edits and deletes the viewer's review where it is, on a later page", async () => {
    renderBlock("ada", olderThanAPage());
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    await reviewNamed("Review by member0");
    await userEvent.click(more());
    await reviewNamed("Review by ada");

    await userEvent.click(block().getByRole("button", { name: "Edit your review" }));
    const form = within(await screen.findByRole("form", { name: "Edit your review" }));
    await userEvent.clear(form.getByLabelText("Title"));
    await userEvent.type(form.getByLabelText("Title"), "Changed my mind");
    await userEvent.click(form.getByRole("button", { name: "Save review" }));
    const mine = await reviewNamed("Changed my mind");
    expect(screen.getAllByRole("article").at(-1)).toBe(mine);

    await userEvent.click(within(mine).getByRole("button", { name: "Delete" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your review?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await block().findByRole("button", { name: "Add Review" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Changed my mind" })).toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(4);
  });

  it("puts a new review on top of the first page, the older pages following as before", async () => {
    const { requests } = renderBlock(
      "ada",
      Array.from({ length: PAGE + 1 }, (_, i) => review(1000 - i, `member${i}`)),
    );
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    await reviewNamed("Review by member0");
    await userEvent.click(block().getByRole("button", { name: "Add Review" }));
    const form = within(await screen.findByRole("form", { name: "Add a review" }));
    await userEvent.type(form.getByLabelText("Title"), "Brand new");
    await userEvent.type(form.getByLabelText("Review"), "Fixed it fast.");
    await userEvent.click(form.getByRole("button", { name: "Add a Review" }));

    const added = await reviewNamed("Brand new");
    expect(screen.getAllByRole("article")[0]).toBe(added);
    expect(await block().findByRole("button", { name: "Edit your review" })).toBeTruthy();
    await userEvent.click(more());
    await reviewNamed(`Review by member${PAGE}`);
    const titles = screen.getAllByRole("article").map((a) => a.querySelector("h3")?.textContent);
    expect(titles).toHaveLength(PAGE + 2);
    expect(new Set(titles).size).toBe(PAGE + 2);
    expect(requests.filter((r) => r.path.startsWith("/reviews?"))).toHaveLength(3);
  });
});

describe("replies", () => {
  it("let the member reviewed reply, edit and delete; the reply shows under the review", async () => {
    const { requests } = renderBlock("grace", [review(1, "bob")]);
    expect(block().queryByRole("button", { name: "Add Review" })).toBeNull();
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    const bobs = within(await reviewNamed("Review by bob"));
    expect(bobs.queryByRole("button", { name: "Report" })).toBeTruthy();
    await userEvent.click(bobs.getByRole("button", { name: "Reply" }));
    const form = within(await screen.findByRole("form", { name: "Reply to bob" }));
    await userEvent.type(form.getByLabelText("Your reply"), "Thanks, Bob!");
    await userEvent.click(form.getByRole("button", { name: "Send reply" }));

    const reply = within(await screen.findByRole("region", { name: "Reply from grace" }));
    expect(reply.getByText("Thanks, Bob!")).toBeTruthy();
    expect(bobs.queryByRole("button", { name: "Reply" })).toBeNull();
    expect(reply.queryByRole("button", { name: "Report" })).toBeNull();

    await userEvent.click(reply.getByRole("button", { name: "Edit" }));
    const editing = within(await screen.findByRole("form", { name: "Edit your reply" }));
    expect(editing.getByLabelText("Your reply")).toHaveProperty("value", "Thanks, Bob!");
    await userEvent.type(editing.getByLabelText("Your reply"), " See you.");
    await userEvent.click(editing.getByRole("button", { name: "Save reply" }));
    expect(await screen.findByText("Thanks, Bob! See you.")).toBeTruthy();

    const shown = within(screen.getByRole("region", { name: "Reply from grace" }));
    await userEvent.click(shown.getByRole("button", { name: "Delete" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your reply?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Delete" }));
    expect(await bobs.findByRole("button", { name: "Reply" })).toBeTruthy();
    expect(requests.filter((r) => r.path === "/reviews/1/reply").map((r) => r.method)).toEqual([
      "PUT",
      "PUT",
      "DELETE",
    ]);
  });

  it("show others Report on the reply, and no Reply, Edit or Delete", async () => {
    const reply = { body: "Thanks!", created_at: "2026-01-03T00:00:00.000Z" };
    renderBlock("ada", [review(1, "bob", { reply })]);
    await userEvent.click(await block().findByRole("button", { name: "See Reviews" }));
    const shown = within(await screen.findByRole("region", { name: "Reply from grace" }));
    expect(shown.getByText("Thanks!")).toBeTruthy();
    expect(shown.getByRole("button", { name: "Report" })).toBeTruthy();
    for (const name of ["Edit", "Delete", "Reply"]) {
      expect(shown.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByRole("button", { name: "Reply" })).toBeNull();
  });
});
