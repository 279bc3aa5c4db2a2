import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { createSearchPerson, searchCall, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { SEARCH_PAGE_SIZE, type SearchPeopleResponse } from "../../shared/search.ts";
import { profiles, reviews } from "../db/schema.ts";

/**
 * GET /api/search/people (issue 18). Each test searches for words of its own (a random one, or a
 * rare one), so the lists it reads are its own people.
 */

const t = testAppClosedAfterAll();

/**
 * A word nobody else has, of letters no username here shares ("user_" and hex digits), so no
 * username is ever similar to it and equal text ranks by age alone.
 */
const LETTERS = "ghijklmnopqtvwxyz";
const uniqueWord = () =>
  `zq${Array.from(randomBytes(8), (byte) => LETTERS[byte % LETTERS.length]).join("")}`;

const search = searchCall<SearchPeopleResponse>(t, "people");

const namesOf = (answer: SearchPeopleResponse) => answer.users.map((user) => user.username);
const person = (fields: Parameters<typeof createSearchPerson>[1]) =>
  createSearchPerson(t.app, fields);

describe("ranking and matching", () => {
  it("puts a username match above a bio match", async () => {
    const word = uniqueWord();
    const inBio = await person({ bio: `Ask ${word} about anything.` });
    const named = await person({ username: word });
    expect(namesOf(await search({ q: word }))).toEqual([named.username, inBio.username]);
  });

  it("puts a skill match above a bio match", async () => {
    const word = uniqueWord();
    const inBio = await person({ bio: `${word}: I once met a tour guide.` });
    const skilled = await person({ bio: `${word} here.`, skills: ["Tour Guide"] });
    expect(namesOf(await search({ q: `${word} guide` }))).toEqual([
      skilled.username,
      inBio.username,
    ]);
  });

  it("matches a username's prefix, and a typo in it", async () => {
    const suffix = randomBytes(3).toString("hex");
    const harpist = await person({ username: `harpsichord_${suffix}` });
    await person({ username: `harmonica_${suffix}` });
    expect(namesOf(await search({ q: "harpsi" }))).toEqual([harpist.username]);
    expect(namesOf(await search({ q: "harpsicord" }))).toEqual([harpist.username]);
  });

  it("matches a skill with a typo", async () => {
    const plumber = await person({ skills: ["Plumber"] });
    const chef = await person({ skills: ["Personal Chef"] });
    const found = namesOf(await search({ q: "plumbr" }));
    expect(found).toContain(plumber.username);
    expect(found).not.toContain(chef.username);
  });

  it("folds accents and needs every word", async () => {
    const word = uniqueWord();
    // Accented words that no "user_" + hex username can hold (a bio of "café" once met user_cafe42ea).
    const baker = await person({ bio: `${word} bakes crème brûlée for a soirée.` });
    const other = await person({ bio: `${word} makes creme caramel.` });
    expect(namesOf(await search({ q: `${word} soiree` }))).toEqual([baker.username]);
    expect(namesOf(await search({ q: `${word} brulee` }))).toEqual([baker.username]);
    expect(namesOf(await search({ q: `${word} crème` })).sort()).toEqual(
      [baker.username, other.username].sort(),
    );
  });

  it("marks the matched words of the username and the bio", async () => {
    const word = uniqueWord();
    const member = await person({
      username: `${word}-cook`,
      bio: `${"Long story first. ".repeat(20)}Ask ${word} for dinner.`,
    });
    const [found] = (await search({ q: word })).users;
    expect(found?.username).toBe(member.username);
    expect(found?.username_highlight.filter((p) => p.match).map((p) => p.text)).toContain(word);
    expect(found?.username_highlight.map((p) => p.text).join("")).toBe(member.username);
    const bio = found?.bio_excerpt ?? [];
    expect(bio.filter((piece) => piece.match).map((piece) => piece.text)).toEqual([word]);
    expect(bio.map((piece) => piece.text).join("")).toContain(`Ask ${word} for dinner`);
  });
});

describe("what a result carries", () => {
  it("carries the skills, the area, and the review figures of visible reviews", async () => {
    const word = uniqueWord();
    const subject = await person({ bio: word, skills: ["Math Teacher"], placeId: TOWNS.histon });
    const authors = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.app)));
    const subjectId = subject.profile?.id ?? "";
    await t.database.db.insert(reviews).values([
      { authorId: authors[0]?.profile?.id ?? "", subjectId, title: "A", body: "A", rating: 5 },
      { authorId: authors[1]?.profile?.id ?? "", subjectId, title: "B", body: "B", rating: 4 },
      // A hidden review counts for nobody.
      {
        authorId: authors[2]?.profile?.id ?? "",
        subjectId,
        title: "C",
        body: "C",
        rating: 1,
        hiddenAt: new Date(),
      },
    ]);
    const [found] = (await search({ q: word })).users;
    expect(found).toEqual({
      username: subject.username,
      img_url: null,
      skills: ["Math Teacher"],
      area: { id: TOWNS.histon, name: "Histon", country: "GB" },
      username_highlight: [{ text: subject.username, match: false }],
      bio_excerpt: [{ text: word, match: true }],
      review_count: 2,
      average_rating: 4.5,
    });
  });

  it("has no rating while there are no reviews", async () => {
    const word = uniqueWord();
    await person({ bio: word });
    const [found] = (await search({ q: word })).users;
    expect(found).toMatchObject({ review_count: 0, average_rating: null });
  });
});

describe("filters", () => {
  it("filters by skill (exact option)", async () => {
    const word = uniqueWord();
    const designer = await person({ bio: word, skills: ["Graphic Designer", "Plumber"] });
    await person({ bio: word, skills: ["Fashion Designer"] });
    expect(namesOf(await search({ q: word, skill: "Graphic Designer" }))).toEqual([
      designer.username,
    ]);
    // Without words: everyone with the skill, newest first.
    expect(namesOf(await search({ skill: "Graphic Designer" }))).toContain(designer.username);
  });

  it("filters by distance from the viewer's area, and shows rounded distances", async () => {
    const word = uniqueWord();
    const searcher = await person({ placeId: TOWNS.cambridge });
    const near = await person({ bio: word, placeId: TOWNS.histon });
    const far = await person({ bio: word, placeId: TOWNS.ipswich });
    const nowhere = await person({ bio: word });
    expect(namesOf(await search({ q: word, within: 10 }, searcher))).toEqual([near.username]);
    const all = await search({ q: word }, searcher);
    const distances = Object.fromEntries(all.users.map((u) => [u.username, u.distance_km]));
    expect(distances).toEqual({
      [near.username]: 6,
      [far.username]: 75,
      [nowhere.username]: undefined,
    });
    expect(namesOf(await search({ q: word, within: 50, near: TOWNS.ipswich }))).toEqual([
      far.username,
    ]);
    expect(JSON.stringify(all)).not.toMatch(/lat|lng/);
  });
});

describe("what never appears", () => {
  it("leaves hidden profiles out, for their owner too", async () => {
    const word = uniqueWord();
    const hidden = await person({ bio: word });
    const shown = await person({ bio: word });
    await t.database.db
      .update(profiles)
      .set({ hiddenAt: new Date() })
      .where(eq(profiles.id, hidden.profile?.id ?? ""));
    expect(namesOf(await search({ q: word }))).toEqual([shown.username]);
    expect(namesOf(await search({ q: word }, hidden))).toEqual([shown.username]);
  });

  it("leaves out members the viewer blocked, for them only", async () => {
    const word = uniqueWord();
    const pest = await person({ bio: word });
    const blocker = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/blocks/${pest.username}`,
      headers: as(blocker),
    });
    expect(res.statusCode).toBe(200);
    expect(namesOf(await search({ q: word }, blocker))).toEqual([]);
    expect(namesOf(await search({ q: word }))).toEqual([pest.username]);
  });
});

describe("paging", () => {
  it("answers pages of 20 and the next page's number", async () => {
    const word = uniqueWord();
    const made: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++)
      made.push((await person({ bio: word })).username);
    const first = await search({ q: word });
    const second = await search({ q: word, page: 2 });
    expect(first.users).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.nextPage).toBe(2);
    expect(second.users).toHaveLength(2);
    expect(second.nextPage).toBeNull();
    // Equal text: the newest profiles first.
    expect([...namesOf(first), ...namesOf(second)]).toEqual(made.reverse());
  });
});
