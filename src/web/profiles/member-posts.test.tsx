import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApiRequest } from "../../../test/harness/web/fake-api.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { Post, PostsPage } from "../../shared/posts.ts";
import { MemberPosts } from "./member-posts.tsx";

const post = (id: number, changes: Partial<Post> = {}): Post => ({
  id,
  title: `Post ${id}`,
  topic: "Bikes",
  body: "Ask me.",
  username: "grace",
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2026-03-01T00:00:00.000Z",
  type: "offering",
  area: null,
  ...changes,
});

/** Grace's posts: `open` in pages of the server's answers by cursor, `past` in one. */
function openLists(pages: Record<string, PostsPage>, past: Post[]) {
  return renderWithApi(<MemberPosts username="grace" />, (request: ApiRequest) => {
    const url = new URL(request.path, "http://app");
    if (url.pathname !== "/users/username/grace/articles") return { status: 404 };
    if (url.searchParams.get("state") === "past") {
      return { status: 200, body: { articles: past, nextCursor: null } };
    }
    return { status: 200, body: pages[url.searchParams.get("cursor") ?? ""] };
  });
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("heading", { level: 2 })
    .map((h) => h.textContent);

describe("a profile's lists of posts", () => {
  it("shows the open posts a page at a time, then the past ones marked Filled or Expired", async () => {
    const { requests } = openLists(
      {
        "": { articles: [post(3), post(2)], nextCursor: "c2" },
        c2: { articles: [post(1)], nextCursor: null },
      },
      [post(9, { filled_at: "2026-02-01T00:00:00.000Z" }), post(8, { expired: true })],
    );
    const open = await screen.findByRole("list", { name: "Open posts" });
    expect(screen.getByRole("heading", { level: 2, name: "Open posts" })).toBeTruthy();
    expect(titles(open)).toEqual(["Post 3", "Post 2"]);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(titles(open)).toEqual(["Post 3", "Post 2", "Post 1"]));
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();

    const past = await screen.findByRole("list", { name: "Past posts" });
    expect(titles(past)).toEqual(["Post 9", "Post 8"]);
    const [filled, expired] = within(past).getAllByRole("listitem");
    expect(within(filled as HTMLElement).getByText("Filled")).toBeTruthy();
    expect(within(expired as HTMLElement).getByText("Expired")).toBeTruthy();
    expect(requests.some((r) => r.path.includes("cursor=c2"))).toBe(true);
  });

  it("says there are no open posts, and shows no Past posts without any", async () => {
    openLists({ "": { articles: [], nextCursor: null } }, []);
    expect(await screen.findByText("No open posts.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Past posts" })).toBeNull();
  });
});
