import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { setHiddenAt } from "../../../test/harness/moderators.ts";
import { as } from "../../../test/harness/review-calls.ts";
import {
  createSearchPerson,
  insertSearchPost,
  TOWNS,
} from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { TownMapResponse } from "../../shared/town-map.ts";
import { placeById } from "../places/index.ts";

const t = testAppClosedAfterAll();

async function towns(query: Record<string, string | number>, user?: TestUser) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({
    method: "GET",
    url: `/api/search/towns?${params}`,
    headers: as(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TownMapResponse;
}

const byName = (answer: TownMapResponse) =>
  Object.fromEntries(answer.towns.map(({ name, posts, people }) => [name, { posts, people }]));

describe("GET /api/search/towns (issue 33)", () => {
  it("counts the results of a search by town, with the town's rounded centre and the tiles", async () => {
    const word = `zanzibar${Date.now()}`;
    const ana = await createSearchPerson(t.app, {
      bio: `I fix ${word} things`,
      placeId: TOWNS.cambridge,
    });
    const ben = await createSearchPerson(t.app, { bio: `More ${word}`, placeId: TOWNS.ipswich });
    await createSearchPerson(t.app, { bio: "Nothing alike", placeId: TOWNS.cambridge });
    const db = t.database.db;
    const anaProfile = ana.profile?.id ?? "";
    await insertSearchPost(db, anaProfile, { title: `${word} repairs`, placeId: TOWNS.cambridge });
    await insertSearchPost(db, anaProfile, { title: `${word} lessons`, placeId: TOWNS.cambridge });
    await insertSearchPost(db, anaProfile, { title: `${word} anywhere` });
    const hidden = await insertSearchPost(db, ben.profile?.id ?? "", {
      title: `${word} hidden`,
      placeId: TOWNS.ipswich,
    });
    await setHiddenAt(db, "post", hidden, new Date());

    const answer = await towns({ q: word });
    expect(byName(answer)).toEqual({
      Cambridge: { posts: 2, people: 1 },
      Ipswich: { posts: 0, people: 1 },
    });
    const cambridge = answer.towns.find((town) => town.name === "Cambridge");
    const place = placeById(TOWNS.cambridge);
    expect(cambridge?.position).toEqual([
      Number(place?.lat.toFixed(2)),
      Number(place?.lng.toFixed(2)),
    ]);
    expect(cambridge?.country).toBe("GB");
    expect(answer.tiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      attribution: "© OpenStreetMap contributors",
    });

    // The filters of the search apply: near Cambridge within 10 km leaves Ipswich out.
    expect(byName(await towns({ q: word, near: TOWNS.cambridge, within: 10 }))).toEqual({
      Cambridge: { posts: 2, people: 1 },
    });
    // A viewer who blocked Ana sees none of hers.
    const viewer = await createSignedInUser(t.app);
    const blocked = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${ana.username}`,
      headers: as(viewer),
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    expect(byName(await towns({ q: word }, viewer))).toEqual({ Ipswich: { posts: 0, people: 1 } });
  });

  it("refuses filters the search refuses", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/search/towns?within=7" });
    expect(res.statusCode).toBe(400);
  });
  it("counts a skill search's posts and people as the search finds them: through the skill and its synonyms", async () => {
    const word = `quokka${Date.now()}`;
    const plumber = await createSearchPerson(t.app, {
      bio: `Fixes ${word}`,
      skills: ["Plumber"],
      placeId: TOWNS.cambridge,
    });
    await createSearchPerson(t.app, { bio: `Also ${word}`, placeId: TOWNS.cambridge });
    const db = t.database.db;
    const author = plumber.profile?.id ?? "";
    // "Plumbing" is a synonym of Plumber: the post carries that skill; the other does not.
    await insertSearchPost(db, author, {
      title: `${word} leak`,
      topic: "Plumbing",
      placeId: TOWNS.cambridge,
    });
    await insertSearchPost(db, author, {
      title: `${word} cake`,
      topic: "Baking",
      placeId: TOWNS.ipswich,
    });
    expect(byName(await towns({ q: word, skill: "Plumber" }))).toEqual({
      Cambridge: { posts: 1, people: 1 },
    });
    // A skill outside SPEC's seven is asked for like any other (one moderators added).
    expect(byName(await towns({ q: word, skill: "Electrician" }))).toEqual({});
  });
});
