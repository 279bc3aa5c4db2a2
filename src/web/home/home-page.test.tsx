import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SKILL_OPTIONS } from "../../shared/constants.ts";
import { HomePage } from "./home-page.tsx";

afterEach(cleanup);

describe("the landing page", () => {
  it("links each skill chip to the people with that skill", () => {
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    const chips = within(screen.getByRole("list", { name: "Popular skills" })).getAllByRole("link");
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute("href")])).toEqual(
      SKILL_OPTIONS.map((skill) => [skill, `/search?skill=${encodeURIComponent(skill)}`]),
    );
    expect(chips[0]?.getAttribute("href")).toBe("/search?skill=Website%20Developer");
  });
});
