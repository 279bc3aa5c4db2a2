import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { SKILL_OPTIONS } from "../../shared/constants.ts";
import { HomePage } from "./home-page.tsx";

const signedOut = { user: null, profile: null };

describe("the landing page", () => {
  it("links each skill chip to the people with that skill", () => {
    renderWithApi(<HomePage />, () => ({ status: 200, body: signedOut }));
    const chips = within(screen.getByRole("list", { name: "Popular skills" })).getAllByRole("link");
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute("href")])).toEqual(
      SKILL_OPTIONS.map((skill) => [skill, `/search?skill=${encodeURIComponent(skill)}`]),
    );
    expect(chips[0]?.getAttribute("href")).toBe("/search?skill=Website%20Developer");
  });

  it("takes a visitor who browses the feed to sign in first, then to the feed (issue 20)", async () => {
    renderWithApi(<HomePage />, () => ({ status: 200, body: signedOut }));
    const browse = screen.getByRole("link", { name: "Browse the feed" });
    await expect.poll(() => browse.getAttribute("href")).toBe("/login?next=%2Ffeed");
  });

  it("offers a visitor the public posts next to the feed, and a member only the feed (issue 33)", async () => {
    const { unmount } = renderWithApi(<HomePage />, () => ({ status: 200, body: signedOut }));
    const browse = await screen.findByRole("link", { name: "Browse without an account" });
    expect(browse.getAttribute("href")).toBe("/browse");
    unmount();
    renderWithApi(<HomePage />, () => ({ status: 200, body: sessionOf("ada") }));
    const feed = screen.getByRole("link", { name: "Browse the feed" });
    await expect.poll(() => feed.getAttribute("href")).toBe("/feed");
    expect(screen.queryByRole("link", { name: "Browse without an account" })).toBeNull();
  });
});
