import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { roundedDistanceKm } from "../../shared/places.ts";
import type { Post, PostsPage, PostType } from "../../shared/posts.ts";
import { posts } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { placeById } from "../places/index.ts";

/** Issue 18: the feed filtered by post type and by distance (`within` km of my area or of `near`). */

const t = testAppClosedAfterAll({ writeLimits: liftedWriteLimits() });

// Towns around Cambridge (GeoNames ids of the bundled gazetteer).
const CAMBRIDGE = 2653941;
const HISTON = 2646828;
const ROYSTON = 2639018;
const COLCHESTER = 2652618;

/** earthdistance's sphere (its earth() radius, in metres): the database measures on it. */
const EARTH_RADIUS_M = 6_378_168;

/** Great-circle metres between two gazetteer places, as earth_distance computes it. */
function metersBetween(fromId: number, toId: number): number {
  const from = placeById(fromId);
  const to = placeById(toId);
  if (!from || !to) throw new Error("test towns must be in the gazetteer");
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

const kmFromCambridge = (id: number) => roundedDistanceKm(metersBetween(CAMBRIDGE, id));

async function memberIn(areaId: number | null): Promise<TestUser> {
  const member = await createSignedInUser(t.app);
  if (areaId !== null) await setArea(member, areaId);
  return member;
}

async function setArea(member: TestUser, areaId: number | null) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/users/${member.username}`,
    headers: { cookie: member.cookie },
    payload: { area_id: areaId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createPost(author: TestUser, title: string, type: PostType): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: author.cookie },
    payload: { title, topic: "Local", body: `About ${title}`, type },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article.id;
}

const feed = (query: string, viewer?: TestUser) =>
  t.app.inject({
    method: "GET",
    url: `/api/articles${query}`,
    headers: viewer ? { cookie: viewer.cookie } : {},
  });

/** Every post of the filtered feed, following nextCursor. */
async function walk(query: string, viewer?: TestUser, limit = 100): Promise<Post[]> {
  const all: Post[] = [];
  let cursor: string | null = null;
  do {
    const res = await feed(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const page: PostsPage = res.json();
    all.push(...page.articles);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const titles = (list: Post[]) => list.map((post) => post.title);

// The world of this file: a searcher in Cambridge, and posts (newest last here) from Cambridge,
// Histon (~6 km), Royston (~20 km), Colchester (~65 km) and from nowhere.
let searcher: TestUser;
let cambridgeAuthor: TestUser;
let histonAuthor: TestUser;
const TITLES_NEWEST_FIRST = [
  "Nowhere offers",
  "Colchester offers",
  "Royston looks",
  "Histon offers",
  "Cambridge looks",
  "Cambridge offers",
];
beforeAll(async () => {
  searcher = await memberIn(CAMBRIDGE);
  cambridgeAuthor = await memberIn(CAMBRIDGE);
  histonAuthor = await memberIn(HISTON);
  const roystonAuthor = await memberIn(ROYSTON);
  const colchesterAuthor = await memberIn(COLCHESTER);
  const nowhereAuthor = await memberIn(null);
  await createPost(cambridgeAuthor, "Cambridge offers", "offering");
  await createPost(cambridgeAuthor, "Cambridge looks", "looking-for");
  await createPost(histonAuthor, "Histon offers", "offering");
  await createPost(roystonAuthor, "Royston looks", "looking-for");
  await createPost(colchesterAuthor, "Colchester offers", "offering");
  await createPost(nowhereAuthor, "Nowhere offers", "offering");
});

describe("a distance filter's two reads", () => {
  it("give the same posts a page at a time (the recent window) as all at once (the area index)", async () => {
    // limit=1 asks for 2 rows: the newest posts' window holds them until the last page, which the
    // area index completes; limit=100 is always completed by the index.
    for (const within of [5, 25, 50]) {
      const whole = titles(await walk(`?within=${within}`, searcher));
      expect(whole.length).toBeGreaterThan(1);
      expect(titles(await walk(`?within=${within}`, searcher, 1))).toEqual(whole);
    }
  });
});

describe("the test towns", () => {
  it("lie where this file says (so the distances below test the filter, not the towns)", () => {
    const km = (id: number) => metersBetween(CAMBRIDGE, id) / 1000;
    expect(km(HISTON)).toBeGreaterThan(5);
    expect(km(HISTON)).toBeLessThan(10);
    expect(km(ROYSTON)).toBeGreaterThan(10);
    expect(km(ROYSTON)).toBeLessThan(25);
    expect(km(COLCHESTER)).toBeGreaterThan(50);
  });
});

describe("GET /api/articles?type=", () => {
  it("lists only the posts of that type, newest first, without distances", async () => {
    const looking = await walk("?type=looking-for");
    expect(titles(looking)).toEqual(["Royston looks", "Cambridge looks"]);
    expect(looking.every((post) => post.type === "looking-for" && !("distance_km" in post))).toBe(
      true,
    );
    expect(titles(await walk("?type=offering"))).toEqual(
      TITLES_NEWEST_FIRST.filter((title) => title.includes("offers")),
    );
  });

  it("refuses an unknown type with 400 naming the field", async () => {
    const res = await feed("?type=Offering");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "invalid-input",
      fields: { type: "must be one of offering, looking-for" },
    });
  });
});

describe("GET /api/articles?within= (from the viewer's area)", () => {
  it.each([
    [5, ["Cambridge looks", "Cambridge offers"]],
    [10, ["Histon offers", "Cambridge looks", "Cambridge offers"]],
    [25, ["Royston looks", "Histon offers", "Cambridge looks", "Cambridge offers"]],
    [50, ["Royston looks", "Histon offers", "Cambridge looks", "Cambridge offers"]],
  ])(
    "within %i km lists the posts whose area is that close, newest first",
    async (km, expected) => {
      expect(titles(await walk(`?within=${km}`, searcher))).toEqual(expected);
    },
  );

  it("carries each post's distance, rounded: whole km up to 10, never below 1, then to 5 km", async () => {
    const found = await walk("?within=50", searcher);
    const distances = Object.fromEntries(found.map((post) => [post.title, post.distance_km]));
    expect(distances).toEqual({
      "Royston looks": kmFromCambridge(ROYSTON),
      "Histon offers": kmFromCambridge(HISTON),
      "Cambridge looks": 1,
      "Cambridge offers": 1,
    });
    expect(distances["Histon offers"]).toBe(Math.round(metersBetween(CAMBRIDGE, HISTON) / 1000));
    expect((distances["Royston looks"] ?? 0) % 5).toBe(0);
  });

  it("combines with type and topic", async () => {
    expect(titles(await walk("?within=25&type=looking-for", searcher))).toEqual([
      "Royston looks",
      "Cambridge looks",
    ]);
    expect(titles(await walk("?within=10&type=offering&topic=local", searcher))).toEqual([
      "Histon offers",
      "Cambridge offers",
    ]);
    expect(await walk("?within=10&topic=Elsewhere", searcher)).toEqual([]);
  });

  it("pages with the keyset cursor, newest first, without gaps or repeats", async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await feed(`?within=25&limit=3${cursor ? `&cursor=${cursor}` : ""}`, searcher);
      const page: PostsPage = res.json();
      pages.push(titles(page.articles));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([
      ["Royston looks", "Histon offers", "Cambridge looks"],
      ["Cambridge offers"],
    ]);
  });

  it("answers 400 on within to a viewer without an area, and to anyone signed out", async () => {
    const nowhere = await memberIn(null);
    for (const viewer of [nowhere, undefined]) {
      const res = await feed("?within=10", viewer);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "invalid-input",
        fields: { within: "needs your area or a place (near)" },
      });
    }
  });

  it.each(["7", "0", "-10", "abc", "10.5"])(
    "refuses within=%s with 400 naming the field",
    async (km) => {
      const res = await feed(`?within=${km}`, searcher);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ within: "must be one of 5, 10, 25, 50 (km)" });
    },
  );
});

describe("GET /api/articles?near=", () => {
  it("measures from the place, not the viewer's area, signed in or out", async () => {
    for (const viewer of [searcher, undefined]) {
      const found = await walk(`?within=10&near=${COLCHESTER}`, viewer);
      expect(found.map((post) => [post.title, post.distance_km])).toEqual([
        ["Colchester offers", 1],
      ]);
    }
  });

  it("without within, filters nothing and shows the distance of every post that has an area", async () => {
    const found = await walk(`?near=${CAMBRIDGE}`);
    expect(titles(found)).toEqual(TITLES_NEWEST_FIRST);
    const nowhere = found.find((post) => post.title === "Nowhere offers");
    expect(nowhere && "distance_km" in nowhere).toBe(false);
    expect(found.find((post) => post.title === "Colchester offers")?.distance_km).toBe(
      kmFromCambridge(COLCHESTER),
    );
  });

  it("shows no distance on the plain feed, even to a viewer with an area", async () => {
    const res = await feed("?limit=100", searcher);
    expect(res.body).not.toContain("distance_km");
    expect(res.body).not.toMatch(/lat|lng/);
  });

  it.each([
    ["a place the gazetteer lacks", "1", "is not a known place"],
    ["not a number", "cambridge", "must be the id of a place from the list"],
    ["negative", "-5", "must be the id of a place from the list"],
  ])("refuses near that is %s with 400", async (_name, near, message) => {
    const res = await feed(`?within=10&near=${near}`, searcher);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid-input", fields: { near: message } });
  });
});

describe("hidden posts and blocked authors under filters", () => {
  async function setHidden(title: string, hidden: boolean) {
    const [row] = await t.database.db
      .update(posts)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(posts.title, title))
      .returning({ id: posts.id });
    await t.app.postCache.invalidate(row?.id ?? 0);
  }

  it("leaves a hidden post out of every filtered feed, even its author's", async () => {
    await setHidden("Histon offers", true);
    try {
      for (const viewer of [searcher, histonAuthor]) {
        expect(titles(await walk("?within=50", viewer))).not.toContain("Histon offers");
        expect(titles(await walk("?type=offering", viewer))).not.toContain("Histon offers");
        expect(titles(await walk(`?near=${HISTON}`, viewer))).not.toContain("Histon offers");
      }
    } finally {
      await setHidden("Histon offers", false);
    }
    expect(titles(await walk("?within=50", histonAuthor))).toContain("Histon offers");
  });

  it("leaves out the posts of members the viewer blocked, for them only", async () => {
    const blocker = await memberIn(CAMBRIDGE);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${cambridgeAuthor.username}`,
      headers: { cookie: blocker.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(titles(await walk("?within=10", blocker))).toEqual(["Histon offers"]);
    expect(titles(await walk("?type=looking-for", blocker))).toEqual(["Royston looks"]);
    expect(titles(await walk("?within=10", searcher))).toContain("Cambridge offers");
  });
});

describe("filtered reads and the shared first page", () => {
  it("never answers a filter from the cached first page", async () => {
    // The unfiltered first page is cached; a post written without announcing it (as another
    // instance's would be, before its notification arrives) shows only on a database read.
    await feed("?limit=20");
    const [row] = await t.database.db
      .insert(posts)
      .values({
        authorId: cambridgeAuthor.profile?.id ?? "",
        title: "Unannounced",
        topic: "Local",
        body: "Written elsewhere",
        kind: "looking-for",
      })
      .returning({ id: posts.id });
    try {
      expect(titles(await walk("?type=looking-for"))[0]).toBe("Unannounced");
    } finally {
      await t.database.db.delete(posts).where(eq(posts.id, row?.id ?? 0));
      await t.app.postCache.invalidate();
    }
  });
});
