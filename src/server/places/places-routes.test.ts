import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { PLACES_DEFAULT_LIMIT, PLACES_MAX_LIMIT, type Place } from "../../shared/places.ts";
import { foldName, placeById } from "./gazetteer.ts";

const t = testAppClosedAfterAll();

const places = (query: string) => t.app.inject({ method: "GET", url: `/api/places${query}` });

async function placesFor(query: string): Promise<Place[]> {
  const res = await places(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().places;
}

describe("GET /api/places", () => {
  it("is public and answers places whose name starts with q, the most populous first", async () => {
    const res = await places("?q=Cambr");
    expect(res.statusCode).toBe(200);
    // The order depends on the viewer's area: only their browser keeps the answer.
    expect(res.headers["cache-control"]).toBe("private, max-age=3600");
    const found: Place[] = res.json().places;
    expect(found).toHaveLength(PLACES_DEFAULT_LIMIT);
    expect(found).toContainEqual({ id: 2653941, name: "Cambridge", country: "GB", region: "ENG" });
    expect(found.every((place) => foldName(place.name).startsWith("cambr"))).toBe(true);
    // Cambridge, England is the most populous Cambr… of the gazetteer.
    expect(found[0]?.id).toBe(2653941);
  });

  it("puts the towns near a member's area first: 'Waterb' in Cambridge is Waterbeach, not Waterbury", async () => {
    const WATERBEACH = 2634701;
    const WATERBURY_CT = 4845193;
    const [signedOutFirst] = await placesFor("?q=Waterb&limit=3");
    expect(signedOutFirst?.id).toBe(WATERBURY_CT);

    const member = await createSignedInUser(t.app);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/users/${member.username}`,
      headers: { cookie: member.cookie },
      payload: { area_id: 2653941 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/places?q=Waterb&limit=3",
      headers: { cookie: member.cookie },
    });
    const near: Place[] = res.json().places;
    expect(near[0]?.id).toBe(WATERBEACH);
    expect(near.map((place) => place.id)).toContain(WATERBURY_CT);
  });

  it("answers exactly id, name, country and region: never a place's coordinates", async () => {
    const res = await places("?q=Cambridge&limit=3");
    expect(res.body).not.toMatch(/lat|lng|lon|popul/i);
    for (const place of res.json().places) {
      expect(Object.keys(place).sort()).toEqual(["country", "id", "name", "region"]);
    }
  });

  it("folds case and accents both ways: 'zur' and 'ZÜR' find Zürich", async () => {
    for (const q of ["zur", "ZÜR", "%20Zurich%20"]) {
      const [first] = await placesFor(`?q=${encodeURIComponent(decodeURIComponent(q))}`);
      expect(first).toEqual({ id: 2657896, name: "Zürich", country: "CH", region: "ZH" });
    }
  });

  it("answers an empty list for a prefix no place has", async () => {
    expect(await placesFor("?q=Qxqxqx")).toEqual([]);
  });

  it("answers at most `limit` places, from 1 to 20", async () => {
    expect(await placesFor("?q=San&limit=1")).toHaveLength(1);
    expect(await placesFor(`?q=San&limit=${PLACES_MAX_LIMIT}`)).toHaveLength(PLACES_MAX_LIMIT);
    const three = await placesFor("?q=San&limit=3");
    expect(three).toEqual((await placesFor("?q=San&limit=10")).slice(0, 3));
  });

  it("matches the gazetteer's own lookup by id", async () => {
    const [ely] = await placesFor("?q=Ely&limit=20").then((found) =>
      found.filter((place) => place.country === "GB"),
    );
    expect(ely).toBeDefined();
    const stored = placeById(ely?.id ?? 0);
    expect(stored).toMatchObject(ely ?? {});
  });

  it.each([
    ["no q", "", { q: "must be at least 2 letters of a town's name" }],
    ["one letter", "?q=c", { q: "must be at least 2 letters of a town's name" }],
    ["blanks only", "?q=%20%20%20", { q: "must be at least 2 letters of a town's name" }],
    ["q too long", `?q=${"a".repeat(101)}`, { q: "must be at most 100 characters" }],
    ["limit 0", "?q=Cam&limit=0", { limit: "must be a whole number from 1 to 20" }],
    ["limit 21", "?q=Cam&limit=21", { limit: "must be a whole number from 1 to 20" }],
    ["limit 2.5", "?q=Cam&limit=2.5", { limit: "must be a whole number from 1 to 20" }],
    ["limit abc", "?q=Cam&limit=abc", { limit: "must be a whole number from 1 to 20" }],
  ])("refuses %s with 400 naming the field", async (_name, query, fields) => {
    const res = await places(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid-input", fields });
  });

  it("refuses a repeated q with 400, never 500", async () => {
    const res = await places("?q=Cam&q=Ely");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-input");
  });
});

describe("GET /api/places/:id (issue 33)", () => {
  it("answers one place by id, the same for everyone, never its centre", async () => {
    const res = await places("/2653941");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      place: { id: 2653941, name: "Cambridge", country: "GB", region: "ENG" },
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("answers 404 for an id the list lacks and 400 for one that is no id", async () => {
    expect((await places("/1")).statusCode).toBe(404);
    const bad = await places("/cambridge");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe("must be the id of a place from the list");
  });
});
