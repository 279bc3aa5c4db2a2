import { describe, expect, it } from "vitest";
import type { Db } from "./database.ts";
import { preparedQuery } from "./prepared-query.ts";

// Only the handle's identity matters to the cache: plain objects stand in for databases.
const fakeDb = () => ({}) as unknown as Db;

describe("preparedQuery", () => {
  it("prepares a named read once per database handle and hands back the same statement", () => {
    const [one, two] = [fakeDb(), fakeDb()];
    const names: string[] = [];
    const prepare = (name: string) => {
      names.push(name);
      return { name };
    };
    const first = preparedQuery(one, "articles_by_id", prepare);
    expect(preparedQuery(one, "articles_by_id", prepare)).toBe(first);
    expect(preparedQuery(two, "articles_by_id", prepare)).not.toBe(first);
    expect(preparedQuery(one, "profile_page", prepare)).not.toBe(first);
    expect(names).toEqual(["articles_by_id", "articles_by_id", "profile_page"]);
  });
});
