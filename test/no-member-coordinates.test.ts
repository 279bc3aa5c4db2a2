import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, profiles } from "../src/server/db/schema.ts";
import { placeById } from "../src/server/places/index.ts";
import type { TownMapResponse } from "../src/shared/town-map.ts";
import type { TestUser } from "./harness/factories.ts";
import { createModerator } from "./harness/moderators.ts";
import { as } from "./harness/review-calls.ts";
import { createSearchPerson, insertSearchPost, TOWNS } from "./harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "./harness/test-app.ts";

/**
 * Location, but private (issue 33, PRODUCT.md): no answer of the API carries a member's or a
 * post's stored coordinates. A seeded session calls every GET route of the OpenAPI document (its
 * parameters filled with the seeded members' names and posts' ids), signed out, as a member, and as
 * a moderator, and scans each answer: no field named like a coordinate and no number equal to a
 * stored coordinate. The one exception is the map's town positions, which are towns' (the
 * gazetteer's centre, rounded), one per town: those are checked to be exactly that.
 */

const t = testAppClosedAfterAll({
  moderation: { adminEmails: ["moderator-0@example.test"], autoHideThreshold: 3 },
});

const COORDINATE_KEY =
  /^(lat|lng|lon|long|latitude|longitude|coords?|coordinates|geo|area_lat|area_lng|location)$/i;

type Finding = { url: string; path: string; why: string };

/** Every field of `value` named like a coordinate, and every number equal to one of `stored`. */
function scan(value: unknown, stored: number[], url: string, path = "$"): Finding[] {
  if (typeof value === "number") {
    const same = stored.find((coordinate) => Math.abs(coordinate - value) < 1e-9);
    return same === undefined ? [] : [{ url, path, why: `the stored coordinate ${same}` }];
  }
  if (typeof value === "string") {
    // A coordinate written into text ("52.20534") counts too.
    const same = stored.find((coordinate) => value.includes(String(coordinate)));
    return same === undefined ? [] : [{ url, path, why: `text with the coordinate ${same}` }];
  }
  if (Array.isArray(value))
    return value.flatMap((item, i) => scan(item, stored, url, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => {
      const named = COORDINATE_KEY.test(key)
        ? [{ url, path: `${path}.${key}`, why: "a coordinate's name" }]
        : [];
      return [...named, ...scan(item, stored, url, `${path}.${key}`)];
    });
  }
  return [];
}

/** A seeded session: two members in towns, their posts, a moderator; every stored coordinate. */
async function seed() {
  const db = t.database.db;
  const ana = await createSearchPerson(t.app, {
    bio: "Plumber in Cambridge",
    skills: ["Plumber"],
    placeId: TOWNS.cambridge,
  });
  const ben = await createSearchPerson(t.app, { bio: "Gardens", placeId: TOWNS.histon });
  const postId = await insertSearchPost(db, ana.profile?.id ?? "", {
    title: "Plumbing repairs",
    topic: "Plumbing",
    placeId: TOWNS.cambridge,
  });
  await insertSearchPost(db, ben.profile?.id ?? "", {
    title: "Hedge trimming",
    placeId: TOWNS.newmarket,
  });
  const moderator = await createModerator(t.app);
  const rows = [
    ...(await db
      .select({ lat: profiles.areaLat, lng: profiles.areaLng })
      .from(profiles)
      .where(isNotNull(profiles.areaLat))),
    ...(await db
      .select({ lat: posts.areaLat, lng: posts.areaLng })
      .from(posts)
      .where(isNotNull(posts.areaLat))),
  ];
  const stored = rows.flatMap(({ lat, lng }) => [lat as number, lng as number]);
  return { ana, ben, moderator, postId, stored };
}

/** The GET routes of the OpenAPI document, their parameters filled in, with the queries to try. */
async function everyGetUrl(values: Record<string, string>): Promise<string[]> {
  const docs = await t.app.inject({ method: "GET", url: "/api/docs" });
  expect(docs.statusCode).toBe(200);
  const paths = Object.entries(docs.json().paths as Record<string, Record<string, unknown>>)
    .filter(([path, methods]) => "get" in methods && path !== "/api/docs")
    .map(([path]) => path)
    .filter((path) => !path.startsWith("/api/test/"));
  expect(paths).toContain("/api/search/towns");
  const near = `near=${TOWNS.cambridge}&within=25`;
  const queries: Record<string, string[]> = {
    "/api/search/posts": ["", "?q=plumbing", `?${near}`],
    "/api/search/people": ["", "?q=plumber", `?${near}`],
    "/api/search/towns": ["", "?q=plumb", `?${near}`],
    "/api/articles": ["", `?${near}`],
    "/api/places": ["?q=Cambridge"],
    "/api/reviews": [`?about=${values.username}`],
  };
  return paths.flatMap((path) => {
    const filled = path.replaceAll(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? "1");
    return (queries[path] ?? [""]).map((query) => `${filled}${query}`);
  });
}

/** The map's answer without its town positions, after checking each is its town's, rounded. */
function withoutTownPositions(answer: TownMapResponse) {
  const ids = answer.towns.map((town) => town.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const town of answer.towns) {
    const place = placeById(town.id);
    expect(town.position).toEqual([Number(place?.lat.toFixed(2)), Number(place?.lng.toFixed(2))]);
  }
  return { ...answer, towns: answer.towns.map(({ position: _position, ...town }) => town) };
}

/** What the scan finds in one answer (a JSON one; other kinds carry no fields). */
function answerFindings(
  url: string,
  res: { headers: Record<string, unknown>; json: () => unknown },
  stored: number[],
): Finding[] {
  if (!String(res.headers["content-type"] ?? "").includes("json")) return [];
  const body = res.json();
  const scanned = url.startsWith("/api/search/towns")
    ? withoutTownPositions(body as TownMapResponse)
    : body;
  return scan(scanned, stored, url);
}

describe("no answer carries a member's coordinates (issue 33)", () => {
  it("scans every GET route's answer for a seeded session", async () => {
    const { ana, ben, moderator, postId, stored } = await seed();
    expect(stored.length).toBeGreaterThanOrEqual(8);
    const urls = await everyGetUrl({
      article_id: String(postId),
      id: String(postId),
      username: ana.username,
    });
    const findings: Finding[] = [];
    let answered = 0;
    for (const viewer of [undefined, ben, ana, moderator] as (TestUser | undefined)[]) {
      for (const url of urls) {
        const res = await t.app.inject({ method: "GET", url, headers: as(viewer) });
        if (res.statusCode === 200) answered++;
        findings.push(...answerFindings(url, res, stored));
      }
    }
    // The scan saw real answers: searches, posts, profiles, the map, reviews, the export…
    expect(answered).toBeGreaterThan(60);
    expect(findings).toEqual([]);
  });

  it("finds a coordinate where there is one (the scan can fail)", async () => {
    const { ana, stored } = await seed();
    const coordinate = stored[0] as number;
    expect(scan({ area: { lat: coordinate } }, stored, "control")).toHaveLength(2);
    await t.database.db
      .update(profiles)
      .set({ bio: `At ${coordinate}` })
      .where(eq(profiles.id, ana.profile?.id ?? ""));
    const leaked = await t.app.inject({
      method: "GET",
      url: `/api/users/username/${ana.username}`,
    });
    expect(scan(leaked.json(), stored, "control").length).toBeGreaterThan(0);
  });
});
