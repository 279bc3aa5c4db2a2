import { describe, expect, it } from "vitest";
import { filtersQuery, readFilters } from "./search-params.ts";

describe("the search's address", () => {
  it("reads the words and every filter it knows", () => {
    const params = new URLSearchParams(
      "q=+plumb+&type=looking-for&topic=Home&skill=Plumber&near=2653941&within=10",
    );
    expect(readFilters(params)).toEqual({
      q: "plumb",
      type: "looking-for",
      topic: "Home",
      skill: "Plumber",
      near: 2653941,
      within: 10,
    });
  });

  it("leaves out what the app never writes, so an edited link still lists", () => {
    const params = new URLSearchParams("q=%20&type=selling&skill=%20&near=0x1&within=7&page=3");
    expect(readFilters(params)).toEqual({});
  });

  it("takes any skill (the list is the server's, issue 33), trimmed and cut to a skill's length", () => {
    expect(readFilters(new URLSearchParams("skill=%20Electrician%20"))).toEqual({
      skill: "Electrician",
    });
    expect(readFilters(new URLSearchParams(`skill=${"x".repeat(50)}`)).skill).toHaveLength(40);
  });

  it("writes the filters in one order, empty ones left out, and only those asked for", () => {
    expect(filtersQuery({ within: 5, q: "café au lait", topic: "" })).toBe(
      "q=caf%C3%A9+au+lait&within=5",
    );
    expect(filtersQuery({ q: "x", type: "offering", skill: "Plumber" }, ["type"])).toBe(
      "type=offering",
    );
  });
});
