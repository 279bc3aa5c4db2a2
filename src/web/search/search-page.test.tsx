import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApiAnswer, ApiRequest } from "../../../test/harness/web/fake-api.ts";
import { SIGNED_OUT_SESSION, sessionOf } from "../../../test/harness/web/members.ts";
import { areaOf, CAMBRIDGE, placesAnswer } from "../../../test/harness/web/places.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { personResult, postResult } from "../../../test/harness/web/search.ts";
import type { MeResponse } from "../../shared/identity.ts";
import type { PersonSearchResult, PostSearchResult } from "../../shared/search.ts";
import { SearchPage } from "./search-page.tsx";

type Results = {
  posts?: (query: URLSearchParams) => { articles: PostSearchResult[]; nextPage: number | null };
  people?: (query: URLSearchParams) => { users: PersonSearchResult[]; nextPage: number | null };
};

/** /search at `path`, the session and the results answered by the given functions. */
function openSearch(
  path: string,
  { session = SIGNED_OUT_SESSION, posts, people }: Results & { session?: MeResponse } = {},
) {
  const answer = (request: ApiRequest): ApiAnswer => {
    const url = new URL(request.path, "http://app.test");
    if (url.pathname === "/me") return { status: 200, body: session };
    const place = placesAnswer(request);
    if (place) return place;
    if (url.pathname === "/search/posts") {
      return { status: 200, body: posts?.(url.searchParams) ?? { articles: [], nextPage: null } };
    }
    if (url.pathname === "/search/people") {
      return { status: 200, body: people?.(url.searchParams) ?? { users: [], nextPage: null } };
    }
    return { status: 404 };
  };
  const { requests } = renderWithApi(<SearchPage />, answer, { path });
  const searches = (kind: "posts" | "people") =>
    requests
      .map((request) => request.path)
      .filter((address) => address.startsWith(`/search/${kind}`));
  return { searches };
}

const group = (name: "Posts" | "People") => screen.getByRole("region", { name });

describe("the search page", () => {
  it("searches posts and people for the address's words and marks the matched words", async () => {
    const { searches } = openSearch("/search?q=plumb", {
      posts: () => ({
        articles: [
          postResult(1, "*Plumb*ing repairs", {
            type: "looking-for",
            area: areaOf(CAMBRIDGE),
            distance_km: 10,
          }),
        ],
        nextPage: null,
      }),
      people: () => ({
        users: [
          personResult("joe_the_*plumb*er", {
            skills: ["Plumber"],
            area: areaOf(CAMBRIDGE),
            average_rating: 4.5,
            review_count: 2,
          }),
        ],
        nextPage: null,
      }),
    });
    const posts = within(group("Posts"));
    const link = await posts.findByRole("link", { name: "Plumbing repairs" });
    expect(link.getAttribute("href")).toBe("/articles/1");
    expect(link.querySelector("mark")?.textContent).toBe("Plumb");
    expect(posts.getByText("Looking for")).toBeTruthy();
    expect(posts.getByText("~10 km")).toBeTruthy();
    expect(posts.getByText(/Cambridge, GB/)).toBeTruthy();

    const people = within(group("People"));
    const person = await people.findByRole("link", { name: "joe_the_plumber" });
    expect(person.querySelector("mark")?.textContent).toBe("plumb");
    expect(people.getByText(/4\.5 \/ 5 from 2 reviews/)).toBeTruthy();
    expect(within(people.getByRole("list", { name: "Skills" })).getByText("Plumber")).toBeTruthy();

    expect(searches("posts")).toEqual(["/search/posts?q=plumb"]);
    expect(searches("people")).toEqual(["/search/people?q=plumb"]);
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveProperty("value", "plumb");
  });

  it("lists posts and people for a skill (a landing page chip, issue 33), and only posts for a type", async () => {
    const { searches } = openSearch("/search?skill=Plumber", {
      people: () => ({ users: [personResult("ada")], nextPage: null }),
    });
    expect(await within(group("People")).findByRole("link", { name: "ada" })).toBeTruthy();
    expect(group("Posts")).toBeTruthy();
    expect(searches("people")).toEqual(["/search/people?skill=Plumber"]);
    expect(searches("posts")).toEqual(["/search/posts?skill=Plumber"]);
    expect(screen.getByRole("combobox", { name: "Skill" })).toHaveProperty("value", "Plumber");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Type" }), "Offering");
    await waitFor(() =>
      expect(searches("posts")).toEqual([
        "/search/posts?skill=Plumber",
        "/search/posts?type=offering&skill=Plumber",
      ]),
    );
    // A type narrows posts only: people leave.
    expect(screen.queryByRole("region", { name: "People" })).toBeNull();
  });

  it("says there are no results and, under filters, offers to remove them", async () => {
    const { searches } = openSearch("/search?q=zzz&type=looking-for&topic=Music");
    const posts = within(group("Posts"));
    expect(await posts.findByText(/in posts for "zzz"\. Try removing some filters\./)).toBeTruthy();
    expect(posts.getByText("No results")).toBeTruthy();
    await userEvent.click(posts.getByRole("button", { name: "Remove the filters" }));
    await waitFor(() =>
      expect(searches("posts")).toEqual([
        "/search/posts?q=zzz&type=looking-for&topic=Music",
        "/search/posts?q=zzz",
      ]),
    );
    // Words alone: no results, nothing to remove, and what to try instead.
    const people = within(group("People"));
    expect(
      await people.findByText(
        /in people for "zzz"\. Check the spelling, or try fewer or shorter words\.$/,
      ),
    ).toBeTruthy();
    expect(people.queryByRole("button", { name: "Remove the filters" })).toBeNull();
  });

  it("loads the next page with More and adds it below", async () => {
    const { searches } = openSearch("/search?q=guitar&type=offering", {
      posts: (query) =>
        query.get("page") === "2"
          ? { articles: [postResult(2, "*Guitar* for kids")], nextPage: null }
          : { articles: [postResult(1, "*Guitar* lessons")], nextPage: 2 },
    });
    const posts = within(group("Posts"));
    await userEvent.click(await posts.findByRole("button", { name: "More posts" }));
    expect(await posts.findByRole("link", { name: "Guitar for kids" })).toBeTruthy();
    expect(posts.getAllByRole("listitem")).toHaveLength(2);
    expect(posts.queryByRole("button", { name: "More posts" })).toBeNull();
    expect(searches("posts")).toEqual([
      "/search/posts?q=guitar&type=offering",
      "/search/posts?q=guitar&type=offering&page=2",
    ]);
  });

  it("filters by distance from a member's area; a member without one is sent to choose it", async () => {
    const withArea = sessionOf("ada");
    if (withArea.profile) withArea.profile.area = areaOf(CAMBRIDGE);
    const { searches } = openSearch("/search?q=chef", { session: withArea });
    const distance = await screen.findByRole("combobox", { name: "Distance from Cambridge" });
    expect(
      within(distance)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any", "Within 5 km", "Within 10 km", "Within 25 km", "Within 50 km"]);
    await userEvent.selectOptions(distance, "10");
    await waitFor(() => expect(searches("people")).toContain("/search/people?q=chef&within=10"));
    expect(searches("posts")).toContain("/search/posts?q=chef&within=10");
  });

  it("asks a member without an area to set one, and ignores a distance in the address", async () => {
    const { searches } = openSearch("/search?q=chef&within=10", { session: sessionOf("ada") });
    const link = await screen.findByRole("link", { name: "Set your area on your profile" });
    expect(link.getAttribute("href")).toBe("/user/ada");
    expect(screen.queryByRole("combobox", { name: /Distance/ })).toBeNull();
    await waitFor(() => expect(searches("posts")).toEqual(["/search/posts?q=chef"]));
  });

  it("applies a list's choice at once and typed words when Search is pressed", async () => {
    const { searches } = openSearch("/search");
    await waitFor(() => expect(searches("posts")).toEqual(["/search/posts"]));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search" }), "  tour guide ");
    await userEvent.type(screen.getByRole("combobox", { name: "Topic" }), "Travel");
    expect(searches("posts")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(searches("posts")).toEqual([
        "/search/posts",
        "/search/posts?q=tour+guide&topic=Travel",
      ]),
    );
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(searches("posts")).toContain("/search/posts?q=tour+guide"));
    expect(screen.getByRole("combobox", { name: "Topic" })).toHaveProperty("value", "");
  });

  it("lets a visitor pick a town: kept in the address, measured from, with a distance to choose (issue 33)", async () => {
    const { searches } = openSearch("/search?q=plumber");
    expect(screen.queryByRole("combobox", { name: /Distance/ })).toBeNull();
    const town = screen.getByRole("combobox", { name: "Town" });
    await userEvent.type(town, "Cambr");
    await userEvent.click(await screen.findByRole("option", { name: "Cambridge, ENG, GB" }));
    await waitFor(() =>
      expect(searches("posts")).toEqual([
        "/search/posts?q=plumber",
        `/search/posts?q=plumber&near=${CAMBRIDGE.id}`,
      ]),
    );
    expect(searches("people")).toContain(`/search/people?q=plumber&near=${CAMBRIDGE.id}`);
    const distance = screen.getByRole("combobox", { name: "Distance from Cambridge" });
    await userEvent.selectOptions(distance, "25");
    await waitFor(() =>
      expect(searches("posts")).toContain(`/search/posts?q=plumber&near=${CAMBRIDGE.id}&within=25`),
    );
    // Clearing the town takes the distance with it: nothing is left to measure from.
    await userEvent.click(screen.getByRole("button", { name: "Clear Town" }));
    await waitFor(() => expect(screen.queryByRole("combobox", { name: /Distance/ })).toBeNull());
    expect(screen.getByRole("combobox", { name: "Town" })).toHaveProperty("value", "");
  });

  it("shows the town a shared address names, by its name", async () => {
    const { searches } = openSearch(`/search?q=chef&near=${CAMBRIDGE.id}&within=10`);
    expect(await screen.findByDisplayValue("Cambridge, ENG, GB")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Distance from Cambridge" })).toHaveProperty(
      "value",
      "10",
    );
    expect(searches("posts")).toEqual([`/search/posts?q=chef&near=${CAMBRIDGE.id}&within=10`]);
  });
});
