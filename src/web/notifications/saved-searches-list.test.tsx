import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { SavedSearch } from "../../shared/saved-searches.ts";
import { SavedSearchesList } from "./saved-searches-list.tsx";

const plumber: SavedSearch = {
  id: 4,
  q: "plumber",
  type: "offering",
  topic: null,
  within: 10,
  near: null,
  delivery: "daily",
  created_at: "2026-03-02T10:00:00.000Z",
};

/** The list, the server keeping the searches and answering DELETE /saved-searches/:id. */
function openList(initial: SavedSearch[]) {
  let searches = initial;
  const { requests } = renderWithApi(<SavedSearchesList />, (request) => {
    if (request.method === "GET") return { status: 200, body: { saved_searches: searches } };
    searches = searches.filter((search) => `/saved-searches/${search.id}` !== request.path);
    return { status: 204 };
  });
  return { changes: () => requests.filter((request) => request.method !== "GET") };
}

describe("the saved searches list", () => {
  it("names each search, links to its results, says how matches come, and deletes one", async () => {
    const { changes } = openList([plumber]);
    const item = within(await screen.findByRole("list", { name: "Saved searches" })).getByRole(
      "listitem",
    );
    const link = within(item).getByRole("link", { name: "“plumber” · Offering · within 10 km" });
    expect(link.getAttribute("href")).toBe("/search?q=plumber&type=offering&within=10");
    expect(item.textContent).toContain("In a daily mail");
    await userEvent.click(
      within(item).getByRole("button", {
        name: "Delete saved search “plumber” · Offering · within 10 km",
      }),
    );
    expect(await screen.findByText(/No saved searches/)).toBeTruthy();
    expect(changes()).toEqual([{ method: "DELETE", path: "/saved-searches/4", body: undefined }]);
  });
});
