import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { Review } from "../../shared/reviews.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { ReviewList } from "./review-list.tsx";

const HIDDEN_TEXT = "Hidden by moderators. Only you and moderators can see it.";

const review = (id: number, username: string, title: string, hidden = false): Review => ({
  id,
  username,
  created_about: "grace",
  title,
  body: "Fine.",
  rating: 4,
  created_at: "2026-01-01T00:00:00.000Z",
  author_img_url: null,
  reply: null,
  ...(hidden && { hidden }),
});

describe("the review list", () => {
  it("has Report on others' reviews only, and marks the viewer's hidden one", async () => {
    const { queryClient } = renderWithApi(<ReviewList username="grace" />, (request) =>
      request.path === "/me"
        ? { status: 200, body: sessionOf("ada") }
        : {
            status: 200,
            body: {
              reviews: [review(2, "bob", "Quick and tidy"), review(1, "ada", "Mine", true)],
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
});
