import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import {
  createSearchPerson,
  insertSearchPost,
  TOWNS,
} from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { SEARCH_QUERY_MAX } from "../../shared/search.ts";

/** GET /api/search/*: bad input is a 400 naming the field; hostile text is only ever words. */

const t = testAppClosedAfterAll();

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

const BOTH = ["/api/search/posts", "/api/search/people"] as const;

describe("bad input", () => {
  const cases: [string, string, RegExp][] = [
    [`q=${"a".repeat(SEARCH_QUERY_MAX + 1)}`, "q", /at most 200 characters/],
    ["q=%00plumber", "q", /NUL/],
    ["page=0", "page", /whole number from 1 to 25/],
    ["page=26", "page", /whole number from 1 to 25/],
    ["page=1.5", "page", /whole number from 1 to 25/],
    ["page=two", "page", /whole number from 1 to 25/],
    ["within=7", "within", /one of 5, 10, 25, 50/],
    ["within=ten", "within", /one of 5, 10, 25, 50/],
    ["near=0", "near", /id of a place/],
    ["near=1", "near", /not a known place/],
    ["within=10", "within", /needs your area/],
  ];
  for (const path of BOTH) {
    for (const [query, field, message] of cases) {
      it(`${path}?${query.slice(0, 30)} → 400 on ${field}`, async () => {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, res.body).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe("invalid-input");
        expect(error.fields[field]).toMatch(message);
      });
    }
  }

  it("refuses an unknown type or a too long topic for posts", async () => {
    const type = await get("/api/search/posts?type=selling");
    expect(type.statusCode).toBe(400);
    expect(type.json().error.fields.type).toBe("must be one of offering, looking-for");
    const topic = await get(`/api/search/posts?topic=${"t".repeat(41)}`);
    expect(topic.statusCode).toBe(400);
    expect(topic.json().error.fields.topic).toMatch(/at most 40/);
  });

  it("finds nobody for a skill not on the list (issue 33), and refuses one too long to be a skill", async () => {
    const res = await get("/api/search/people?skill=Juggler");
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([]);
    const long = await get(`/api/search/people?skill=${"s".repeat(41)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.skill).toMatch(/at most 40/);
  });

  it("answers `within` for a member without an area with how to get one, and takes it once set", async () => {
    const member = await createSignedInUser(t.app);
    const without = await get("/api/search/posts?within=10", member.cookie);
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toMatch(/area on your profile/);
    const placed = await createSearchPerson(t.app, { placeId: TOWNS.cambridge });
    expect((await get("/api/search/posts?within=10", placed.cookie)).statusCode).toBe(200);
    expect((await get("/api/search/people?within=5", placed.cookie)).statusCode).toBe(200);
  });
});

describe("hostile text", () => {
  // Rows that several of the texts match, so ranking and highlighting run on them too.
  beforeAll(async () => {
    const member = await createSearchPerson(t.app, {
      username: "a-plumber",
      bio: "a x plumber e\u0301 drop table articles ünïcödé 1e5 example.test",
      skills: ["Plumber"],
    });
    await insertSearchPost(t.database.db, member.profile?.id ?? "", {
      title: "a plumb x drop table ünïcödé",
      body: "a x plumbing e\u0301 articles http://example.test/a?b=c 1e5 0x1F",
    });
  });

  const texts = [
    "a:*|!(",
    "'",
    "\\",
    "''; drop table articles; --",
    "!!! & | <-> :* ()",
    "plumb:* & !garden",
    "%_%",
    "\u0001\u0002",
    "ünïcödé ÅÉÎ",
    "🔧🔧 plumber",
    "ａｂｃ",
    "e\u0301",
    "x".repeat(SEARCH_QUERY_MAX),
    "a ".repeat(SEARCH_QUERY_MAX / 2),
    "1e5 0x1F -3 4.5",
    "http://example.test/a?b=c",
  ];
  for (const path of BOTH) {
    it(`${path} answers every text with a list, never an error`, async () => {
      let matched = 0;
      for (const q of texts) {
        const res = await get(`${path}?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        expect(res.json()).toHaveProperty("nextPage");
        matched += res.json()[path.endsWith("posts") ? "articles" : "users"].length;
      }
      expect(matched).toBeGreaterThan(3);
    });
  }
});
