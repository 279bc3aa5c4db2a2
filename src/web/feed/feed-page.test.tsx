import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiAnswer, ApiRequest } from "../../../test/harness/web/fake-api.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { areaOf, CAMBRIDGE } from "../../../test/harness/web/places.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { Post } from "../../shared/posts.ts";
import { FeedPage } from "./feed-page.tsx";

const post = (id: number, changes: Partial<Post> = {}): Post => ({
  id,
  title: `Post ${id}`,
  topic: "Music",
  body: "Beginners welcome.",
  username: "grace",
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2099-01-01T00:00:00.000Z",
  type: "offering",
  area: null,
  ...changes,
});

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

/** The feed at `path` for Ada (in Cambridge), the posts answered by `posts`. */
function openFeed(path: string, posts: (request: ApiRequest) => Post[]) {
  const session = sessionOf("ada");
  if (session.profile) session.profile.area = areaOf(CAMBRIDGE);
  const answer = (request: ApiRequest): ApiAnswer =>
    request.path === "/me"
      ? { status: 200, body: session }
      : { status: 200, body: { articles: posts(request), nextCursor: null } };
  const { requests } = renderWithApi(
    <>
      <Routes>
        <Route path="/feed" element={<FeedPage />} />
        <Route path="/search" element={<p>The search page</p>} />
      </Routes>
      <Address />
    </>,
    answer,
    { path },
  );
  const reads = () =>
    requests.map((request) => request.path).filter((address) => address.startsWith("/articles"));
  return { reads };
}

const filters = () => within(screen.getByRole("search", { name: "Feed filters" }));

describe("the feed's filters", () => {
  it("narrows the feed by the address's filters; cards show the type, the town and the distance", async () => {
    const { reads } = openFeed("/feed?type=looking-for&topic=Music&within=10", () => [
      post(1, { type: "looking-for", area: areaOf(CAMBRIDGE), distance_km: 5 }),
    ]);
    const card = within(await screen.findByRole("article"));
    expect(card.getByText("Looking for")).toBeTruthy();
    expect(card.getByText("Music")).toBeTruthy();
    expect(card.getByText("~5 km")).toBeTruthy();
    expect(card.getByText(/Cambridge, GB/)).toBeTruthy();
    expect(reads()).toEqual(["/articles?type=looking-for&topic=Music&within=10"]);
    expect(filters().getByRole("combobox", { name: "Type" })).toHaveProperty(
      "value",
      "looking-for",
    );
    expect(filters().getByRole("combobox", { name: "Distance from Cambridge" })).toHaveProperty(
      "value",
      "10",
    );
  });

  it("applies a chosen type at once and says when nothing matches, offering to remove the filters", async () => {
    const { reads } = openFeed("/feed", (request) =>
      request.path.includes("type=") ? [] : [post(1)],
    );
    expect(await screen.findByRole("heading", { name: "Post 1" })).toBeTruthy();
    await userEvent.selectOptions(filters().getByRole("combobox", { name: "Type" }), "Looking for");
    expect(await screen.findByRole("heading", { name: "No results" })).toBeTruthy();
    expect(
      screen.getByText("No post matches these filters. Try removing some of them."),
    ).toBeTruthy();
    expect(screen.getByRole("status", { name: "Address" }).textContent).toBe(
      "/feed?type=looking-for",
    );
    await userEvent.click(screen.getByRole("button", { name: "Remove the filters" }));
    expect(await screen.findByRole("heading", { name: "Post 1" })).toBeTruthy();
    expect(reads()).toEqual(["/articles", "/articles?type=looking-for"]);
  });

  it("steps aside while a post is written (the form has a Topic of its own)", async () => {
    openFeed("/feed", () => [post(1)]);
    expect(screen.getByRole("search", { name: "Feed filters" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Add a post" }));
    expect(screen.queryByRole("search", { name: "Feed filters" })).toBeNull();
    expect(await screen.findByRole("form", { name: "Add a post" })).toBeTruthy();
    expect(screen.getAllByLabelText("Topic")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Nevermind" }));
    expect(screen.getByRole("search", { name: "Feed filters" })).toBeTruthy();
  });

  it("has the search field, which leads to /search with the words", async () => {
    openFeed("/feed", () => [post(1)]);
    const search = within(screen.getByRole("search", { name: "Posts and people" }));
    await userEvent.type(search.getByRole("searchbox", { name: "Search" }), "piano lessons");
    await userEvent.click(search.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Address" }).textContent).toBe(
        "/search?q=piano%20lessons",
      ),
    );
  });
});
