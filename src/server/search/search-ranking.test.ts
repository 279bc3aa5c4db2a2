import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import {
  createSearchPerson,
  insertSearchPost,
  type SearchPostFixture,
  searchCall,
  setProfileArea,
  TOWNS,
} from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { SearchPeopleResponse, SearchPostsResponse } from "../../shared/search.ts";
import { SEARCH_CANDIDATES } from "./search-repository.ts";

/**
 * Issue 33: a search with words ranks by relevance, closeness to the searcher's centre (their area,
 * or the town `near` names, signed in or out) and freshness (ranking.ts, decision 032).
 */

const t = testAppClosedAfterAll();
let author: TestUser;
beforeAll(async () => {
  author = await createSignedInUser(t.app);
});

const unique = () => `w${randomBytes(4).toString("hex")}`;
const searchPosts = searchCall<SearchPostsResponse>(t, "posts");
const searchPeople = searchCall<SearchPeopleResponse>(t, "people");
const idsOf = (answer: SearchPostsResponse) => answer.articles.map((post) => post.id);
const post = (fixture: SearchPostFixture) =>
  insertSearchPost(t.database.db, author.profile?.id ?? "", fixture);

async function memberIn(placeId: number): Promise<TestUser> {
  const member = await createSignedInUser(t.app);
  await setProfileArea(t.database.db, member.profile?.id ?? "", placeId);
  return member;
}

describe("ranking by distance from the searcher", () => {
  it("puts a match next door above a newer, better one 140 km away, for a town picked signed out", async () => {
    const topic = unique();
    const near = await post({
      title: "Garden and plumbing help",
      topic,
      placeId: TOWNS.girton,
      ageDays: 10,
    });
    const far = await post({
      title: "Plumbing",
      body: "Plumbing, plumbing and more plumbing.",
      topic,
      placeId: TOWNS.birmingham,
    });
    const picked = await searchPosts({ q: "plumbing", topic, near: TOWNS.cambridge });
    expect(idsOf(picked)).toEqual([near, far]);
    expect(picked.articles.map((hit) => hit.distance_km)).toEqual([4, 140]);
    // Nowhere to measure from: the newer, better match first, and no distances.
    const anywhere = await searchPosts({ q: "plumbing", topic });
    expect(idsOf(anywhere)).toEqual([far, near]);
    expect(anywhere.articles.every((hit) => !("distance_km" in hit))).toBe(true);
  });

  it("measures from a member's area, or from the town they pick instead", async () => {
    const topic = unique();
    const cambridgeSide = await post({ title: "Piano lessons", topic, placeId: TOWNS.histon });
    const birminghamSide = await post({ title: "Piano lessons", topic, placeId: TOWNS.birmingham });
    const inCambridge = await memberIn(TOWNS.cambridge);
    const inBirmingham = await memberIn(TOWNS.birmingham);
    expect(idsOf(await searchPosts({ q: "piano", topic }, inCambridge))).toEqual([
      cambridgeSide,
      birminghamSide,
    ]);
    expect(idsOf(await searchPosts({ q: "piano", topic }, inBirmingham))).toEqual([
      birminghamSide,
      cambridgeSide,
    ]);
    const picked = await searchPosts({ q: "piano", topic, near: TOWNS.cambridge }, inBirmingham);
    expect(idsOf(picked)).toEqual([cambridgeSide, birminghamSide]);
  });

  it("ranks an exact match 48 km away below a good match 4 km away", async () => {
    const topic = unique();
    const good = await post({
      title: "Heating and plumbing repairs",
      body: "Boilers.",
      topic,
      placeId: TOWNS.girton,
      ageDays: 1,
    });
    const exact = await post({
      title: "Plumbing",
      body: "Plumbing and more plumbing.",
      topic,
      placeId: TOWNS.peterborough,
    });
    expect(idsOf(await searchPosts({ q: "plumbing", topic }))).toEqual([exact, good]);
    const picked = await searchPosts({ q: "plumbing", topic, near: TOWNS.cambridge });
    expect(idsOf(picked)).toEqual([good, exact]);
  });

  it("keeps open posts before filled ones and the distance filter, while ranking by distance", async () => {
    const topic = unique();
    const nearFar = [
      await post({ title: "Tiling", topic, placeId: TOWNS.histon }),
      await post({ title: "Tiling", topic, placeId: TOWNS.newmarket }),
      await post({ title: "Tiling", topic, placeId: TOWNS.ipswich }),
      await post({ title: "Tiling", topic }),
    ];
    expect(idsOf(await searchPosts({ q: "tiling", topic, near: TOWNS.cambridge }))).toEqual(
      nearFar,
    );
    const within = await searchPosts({ q: "tiling", topic, near: TOWNS.cambridge, within: 25 });
    expect(idsOf(within)).toEqual(nearFar.slice(0, 2));
  });

  it("ranks an older match next door even behind more than a ranked set of newer ones", async () => {
    const topic = unique();
    const oldNearby = await post({
      title: "Post next door",
      topic,
      placeId: TOWNS.histon,
      ageDays: 30,
    });
    // Newer matches without an area than a search ranks by age alone.
    await seedPosts(t.database.db, author.profile?.id ?? "", SEARCH_CANDIDATES + 5, {
      topic: () => topic,
    });
    const picked = await searchPosts({ q: "post", topic, near: TOWNS.cambridge });
    expect(idsOf(picked)[0]).toBe(oldNearby);
    const anywhere = await searchPosts({ q: "post", topic, page: 25 });
    expect(idsOf(anywhere)).not.toContain(oldNearby);
  });

  it("answers 400 for a town that is not in the list, signed out too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/search/posts?q=x&near=1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ near: "is not a known place" });
  });
});

describe("people by distance", () => {
  it("puts a person next door above a better match far away, when a town is picked", async () => {
    const word = unique();
    const far = await createSearchPerson(t.app, {
      bio: `${word} ${word}, and ${word} again.`,
      skills: ["Plumber"],
      placeId: TOWNS.birmingham,
    });
    const near = await createSearchPerson(t.app, {
      bio: `Ask me about ${word}.`,
      placeId: TOWNS.girton,
    });
    const names = (answer: SearchPeopleResponse) => answer.users.map((user) => user.username);
    expect(names(await searchPeople({ q: word }))).toEqual([far.username, near.username]);
    const picked = await searchPeople({ q: word, near: TOWNS.cambridge });
    expect(names(picked)).toEqual([near.username, far.username]);
    expect(picked.users.map((user) => user.distance_km)).toEqual([4, 140]);
  });
});
