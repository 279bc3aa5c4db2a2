import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import { as } from "../../../test/harness/review-calls.ts";
import {
  insertSearchPost,
  type SearchPostFixture,
  searchCall,
  setProfileArea,
  TOWNS,
} from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { roundedDistanceKm } from "../../shared/places.ts";
import {
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  type SearchPostsResponse,
} from "../../shared/search.ts";
import { posts } from "../db/schema.ts";
import { placeById } from "../places/index.ts";

/** GET /api/search/posts (issue 18). Each test works in a topic of its own, so lists are exact. */

const t = testAppClosedAfterAll();
let author: TestUser;
beforeAll(async () => {
  author = await createSignedInUser(t.app);
});

const uniqueTopic = () => `T${randomBytes(4).toString("hex")}`;

const search = searchCall<SearchPostsResponse>(t, "posts");

const idsOf = (answer: SearchPostsResponse) => answer.articles.map((post) => post.id);

/** Posts in a fresh topic; returns the topic and the ids in the order given. */
async function postsInTopic(fixtures: SearchPostFixture[], by: TestUser = author) {
  const topic = uniqueTopic();
  const ids: number[] = [];
  for (const fixture of fixtures) {
    ids.push(await insertSearchPost(t.database.db, by.profile?.id ?? "", { topic, ...fixture }));
  }
  return { topic, ids };
}

describe("ranking", () => {
  // Each case: posts in a fresh topic, and their indexes in the order a search for "plumbing" answers.
  it.each([
    {
      name: "puts a title match above a body match, and a newer post above an older one of equal text",
      posts: [
        { title: "Garden help", body: "I also know some plumbing.", ageDays: 0 },
        { title: "Plumbing repairs", body: "Taps and pipes.", ageDays: 20 },
        { title: "Plumbing repairs", body: "Taps and pipes.", ageDays: 2 },
      ],
      best: [2, 1, 0], // the newer title, the older title, the body match
    },
    {
      name: "lets a recent post outrank a slightly better match from months ago",
      posts: [
        { title: "Plumbing", body: "Plumbing, plumbing and more plumbing.", ageDays: 90 },
        { title: "Plumbing", body: "Taps.", ageDays: 0 },
        { title: "Plumbing", body: "Plumbing, plumbing and more plumbing.", ageDays: 1 },
      ],
      best: [2, 1, 0], // the recent better match, the recent one, the old one
    },
  ])("$name", async ({ posts, best }) => {
    const { topic, ids } = await postsInTopic(posts);
    expect(idsOf(await search({ q: "plumbing", topic }))).toEqual(best.map((index) => ids[index]));
  });

  it("ranks the topic with the title, above the body", async () => {
    const word = uniqueTopic();
    const inTopic = await insertSearchPost(t.database.db, author.profile?.id ?? "", {
      title: "Weekend jobs",
      topic: word,
    });
    const inBody = await insertSearchPost(t.database.db, author.profile?.id ?? "", {
      title: "Other jobs",
      body: `Ask me about ${word} too.`,
    });
    expect(idsOf(await search({ q: word }))).toEqual([inTopic, inBody]);
  });
});

describe("matching", () => {
  it("matches a prefix of the last word as one types", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Plumbing in the kitchen" },
      { title: "Painting the kitchen" },
    ]);
    expect(idsOf(await search({ q: "plumb", topic }))).toEqual([ids[0]]);
    expect(idsOf(await search({ q: "kitch", topic })).sort()).toEqual([...ids].sort());
  });

  it("tolerates typos in the title through trigrams", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Plumbing repairs" },
      { title: "Gardening tips" },
    ]);
    expect(idsOf(await search({ q: "plumbr", topic }))).toEqual([ids[0]]);
    expect(idsOf(await search({ q: "plumbingg", topic }))).toEqual([ids[0]]);
  });

  it("folds accents both ways", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Baking at the café", body: "Crème brûlée on Sundays." },
      { title: "Cafe on the corner", body: "Fresh bread." },
    ]);
    expect(idsOf(await search({ q: "cafe", topic })).sort()).toEqual([...ids].sort());
    expect(idsOf(await search({ q: "café", topic })).sort()).toEqual([...ids].sort());
    expect(idsOf(await search({ q: "creme brulee", topic }))).toEqual([ids[0]]);
  });

  it("needs every word (AND)", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Guitar lessons", body: "Acoustic and electric." },
      { title: "Guitar repairs", body: "Strings and frets." },
    ]);
    expect(idsOf(await search({ q: "guitar electric", topic }))).toEqual([ids[0]]);
    expect(idsOf(await search({ q: "guitar", topic })).sort()).toEqual([...ids].sort());
    expect(idsOf(await search({ q: "electric frets", topic }))).toEqual([]);
  });

  it("lists every post newest first when there are no words", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Old", ageDays: 3 },
      { title: "New", ageDays: 0 },
      { title: "Middle", ageDays: 1 },
    ]);
    const [old, recent, middle] = ids;
    expect(idsOf(await search({ topic }))).toEqual([recent, middle, old]);
    expect(idsOf(await search({ q: " ?! ", topic }))).toEqual([recent, middle, old]);
  });
});

describe("highlights", () => {
  it("marks the matched words of the title and the body's excerpt as segments", async () => {
    const { topic } = await postsInTopic([
      {
        title: "Violin <b>lessons</b> for beginners",
        body: `${Array.from({ length: 60 }, (_, i) => `before${i}`).join(" ")} I teach violin at home on weekday evenings.`,
      },
    ]);
    const [post] = (await search({ q: "violin", topic })).articles;
    expect(post?.title_highlight).toEqual([
      { text: "Violin", match: true },
      { text: " <b>lessons</b> for beginners", match: false },
    ]);
    const excerpt = post?.excerpt ?? [];
    expect(excerpt.filter((piece) => piece.match).map((piece) => piece.text)).toEqual(["violin"]);
    expect(excerpt.map((piece) => piece.text).join("")).toContain("I teach violin at home");
    expect(excerpt.map((piece) => piece.text).join("").length).toBeLessThan(400);
    // The excerpt starts inside the body and runs to its end: "… " before, nothing after.
    expect(excerpt[0]).toEqual({ text: "… ", match: false });
    expect(excerpt.at(-1)?.text).not.toMatch(/…$/);
  });

  it("marks the words a prefix matched, with their accents", async () => {
    const { topic } = await postsInTopic([{ title: "Pâtisserie classes" }]);
    const [post] = (await search({ q: "patis", topic })).articles;
    expect(post?.title_highlight).toEqual([
      { text: "Pâtisserie", match: true },
      { text: " classes", match: false },
    ]);
  });

  it("never lets the text's own control characters pass for marks", async () => {
    const { topic } = await postsInTopic([
      { title: "Sewing \u0001fake\u0002 marks", body: "Sewing \u0002 and \u0001 hems." },
    ]);
    const [post] = (await search({ q: "sewing", topic })).articles;
    expect(post?.title_highlight).toEqual([
      { text: "Sewing", match: true },
      { text: " fake marks", match: false },
    ]);
    expect(post?.excerpt.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([
      "Sewing",
    ]);
  });

  it("shows the body's start, unmarked, without words", async () => {
    const body = `${"word ".repeat(100)}end`;
    const { topic } = await postsInTopic([{ title: "Plain", body }]);
    const [post] = (await search({ topic })).articles;
    expect(post?.title_highlight).toEqual([{ text: "Plain", match: false }]);
    expect(post?.excerpt).toHaveLength(1);
    expect(post?.excerpt[0]?.match).toBe(false);
    expect(post?.excerpt[0]?.text).toMatch(/^word word .* …$/);
    expect(post?.excerpt[0]?.text.length).toBeLessThan(210);
  });
});

describe("filters", () => {
  it("filters by type", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Dog walking", type: "offering" },
      { title: "Dog walking wanted", type: "looking-for" },
    ]);
    const [offer, request] = ids;
    expect(idsOf(await search({ q: "dog", topic, type: "offering" }))).toEqual([offer]);
    expect(idsOf(await search({ q: "dog", topic, type: "looking-for" }))).toEqual([request]);
    const [answer] = (await search({ q: "dog wanted", topic })).articles;
    expect(answer).toMatchObject({ id: request, type: "looking-for" });
  });

  it("filters by the whole topic, case-insensitively", async () => {
    const { topic, ids } = await postsInTopic([{ title: "Knitting circle" }]);
    const other = await insertSearchPost(t.database.db, author.profile?.id ?? "", {
      title: "Knitting circle",
      topic: `${topic}x`,
    });
    expect(idsOf(await search({ q: "knitting", topic: topic.toLowerCase() }))).toEqual(ids);
    expect(idsOf(await search({ q: "knitting", topic: topic.toUpperCase() }))).toEqual(ids);
    expect(idsOf(await search({ q: "knitting", topic: `${topic}x` }))).toEqual([other]);
  });

  it("filters by distance from the viewer's area, with rounded distances", async () => {
    const searcher = await createSignedInUser(t.app);
    await setProfileArea(t.database.db, searcher.profile?.id ?? "", TOWNS.cambridge);
    const { topic, ids } = await postsInTopic([
      { title: "Bike repairs", placeId: TOWNS.histon },
      { title: "Bike repairs", placeId: TOWNS.newmarket },
      { title: "Bike repairs", placeId: TOWNS.ipswich },
      { title: "Bike repairs" },
    ]);
    const [histon, newmarket, ipswich, nowhere] = ids;
    const km = (placeId: number) => {
      const centre = placeById(TOWNS.cambridge);
      const place = placeById(placeId);
      if (!centre || !place) throw new Error("missing town");
      const rad = Math.PI / 180;
      const cos =
        Math.sin(centre.lat * rad) * Math.sin(place.lat * rad) +
        Math.cos(centre.lat * rad) *
          Math.cos(place.lat * rad) *
          Math.cos((place.lng - centre.lng) * rad);
      return roundedDistanceKm(6_378_168 * Math.acos(Math.min(1, cos)));
    };

    const within10 = await search({ q: "bike", topic, within: 10 }, searcher);
    expect(idsOf(within10)).toEqual([histon]);
    expect(within10.articles[0]).toMatchObject({
      area: { id: TOWNS.histon, name: "Histon", country: "GB" },
      distance_km: km(TOWNS.histon),
    });
    expect(idsOf(await search({ q: "bike", topic, within: 25 }, searcher)).sort()).toEqual(
      [histon, newmarket].sort(),
    );

    // Without `within`, the viewer's area still gives distances, and every post is listed.
    const all = await search({ q: "bike", topic }, searcher);
    expect(idsOf(all).sort()).toEqual([...ids].sort());
    const distances = Object.fromEntries(all.articles.map((post) => [post.id, post.distance_km]));
    expect(distances).toEqual({
      [histon as number]: km(TOWNS.histon),
      [newmarket as number]: km(TOWNS.newmarket),
      [ipswich as number]: km(TOWNS.ipswich),
      [nowhere as number]: undefined,
    });
    expect(all.articles.find((post) => post.id === nowhere)).not.toHaveProperty("distance_km");
    expect(JSON.stringify(all)).not.toMatch(/lat|lng|52\.\d/);

    // `near` names the centre; signed out, there are no distances without it.
    const nearIpswich = await search({ q: "bike", topic, within: 5, near: TOWNS.ipswich });
    expect(idsOf(nearIpswich)).toEqual([ipswich]);
    expect(nearIpswich.articles[0]?.distance_km).toBe(1);
    const signedOut = await search({ q: "bike", topic });
    expect(signedOut.articles.every((post) => !("distance_km" in post))).toBe(true);
  });

  it("filters by distance with no words, newest first", async () => {
    const { topic, ids } = await postsInTopic([
      { title: "Older near", placeId: TOWNS.histon, ageDays: 2 },
      { title: "Far", placeId: TOWNS.ipswich },
      { title: "Newer near", placeId: TOWNS.cambridge },
    ]);
    const [older, , newer] = ids;
    expect(idsOf(await search({ topic, within: 10, near: TOWNS.cambridge }))).toEqual([
      newer,
      older,
    ]);
  });
  it("pages through the newest posts near a place, far ones left out", async () => {
    const fixtures = Array.from({ length: SEARCH_PAGE_SIZE + 10 }, (_, i) => ({
      title: `Spot ${i}`,
      placeId: i % 4 === 3 ? TOWNS.ipswich : TOWNS.histon,
      ageDays: i / 100,
    }));
    const { topic, ids } = await postsInTopic(fixtures);
    const nearIds = ids.filter((_, i) => i % 4 !== 3);
    const first = await search({ topic, within: 10, near: TOWNS.cambridge });
    const second = await search({ topic, within: 10, near: TOWNS.cambridge, page: 2 });
    expect(first.nextPage).toBe(2);
    expect(second.nextPage).toBeNull();
    expect([...idsOf(first), ...idsOf(second)]).toEqual(nearIds);
  });
});

describe("what never appears", () => {
  it("leaves hidden posts out for everyone, their author included", async () => {
    const { topic, ids } = await postsInTopic([{ title: "Tiling" }, { title: "Tiling" }]);
    const [visible, hidden = 0] = ids;
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden));
    expect(idsOf(await search({ q: "tiling", topic }))).toEqual([visible]);
    expect(idsOf(await search({ q: "tiling", topic }, author))).toEqual([visible]);
    expect(idsOf(await search({ topic }, author))).toEqual([visible]);
  });

  it("leaves out the posts of members the viewer blocked, for them only", async () => {
    const pest = await createSignedInUser(t.app);
    const blocker = await createSignedInUser(t.app);
    const { topic, ids } = await postsInTopic([{ title: "Roofing" }]);
    const pestPost = await insertSearchPost(t.database.db, pest.profile?.id ?? "", {
      title: "Roofing",
      topic,
    });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${pest.username}`,
      headers: as(blocker),
    });
    expect(res.statusCode).toBe(200);
    expect(idsOf(await search({ q: "roofing", topic }, blocker))).toEqual(ids);
    expect(idsOf(await search({ topic }, blocker))).toEqual(ids);
    expect(idsOf(await search({ q: "roofing", topic })).sort()).toEqual([...ids, pestPost].sort());
  });
});

describe("paging", () => {
  it("answers pages of 20 with the next page's number, then null", async () => {
    const fixtures = Array.from({ length: SEARCH_PAGE_SIZE * 2 + 3 }, (_, i) => ({
      title: `Chess lesson ${i}`,
      ageDays: i / 10,
    }));
    const { topic, ids } = await postsInTopic(fixtures);
    const first = await search({ q: "chess", topic });
    const second = await search({ q: "chess", topic, page: 2 });
    const third = await search({ q: "chess", topic, page: 3 });
    expect(first.nextPage).toBe(2);
    expect(second.nextPage).toBe(3);
    expect(third.nextPage).toBeNull();
    expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(ids);
    expect((await search({ topic, page: 3 })).articles).toHaveLength(3);
    expect(await search({ q: "chess", topic, page: 4 })).toEqual({ articles: [], nextPage: null });
  });

  it("ends at the last page a search may ask for, and ranks the newest matches of a common word", async () => {
    const topic = uniqueTopic();
    const count = SEARCH_PAGE_SIZE * SEARCH_PAGE_MAX + 10;
    // Titles "Post 0" … oldest first; ids newest first.
    const ids = await seedPosts(t.database.db, author.profile?.id ?? "", count, {
      topic: () => topic,
    });
    const last = await search({ topic, page: SEARCH_PAGE_MAX });
    expect(last.articles).toHaveLength(SEARCH_PAGE_SIZE);
    expect(last.nextPage).toBeNull();
    const ranked = await search({ q: "post", topic, page: SEARCH_PAGE_MAX });
    expect(ranked.nextPage).toBeNull();
    // Equal text: newest first, and the ten oldest are past the ranked matches.
    expect(idsOf(ranked)).toEqual(ids.slice(-30, -10));
  });
});
