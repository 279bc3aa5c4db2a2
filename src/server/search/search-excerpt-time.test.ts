import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { insertSearchPost } from "../../../test/harness/search-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { describeRatio, medianTimeRatio } from "../../../test/harness/time-ratio.ts";
import { POST_LIMITS } from "../../shared/posts.ts";
import type { SearchPostsResponse } from "../../shared/search.ts";

/**
 * Issue 28, item 4: a body of long runs of punctuation and spaces made the excerpt's trim
 * backtrack quadratically (21 such posts held one anonymous search for 0.5–1.7 s). The search of
 * crafted bodies is timed against the search of plain bodies of the same length: the median
 * ratio was 15–24 with the quadratic trim and is 0.5–0.7 now; the bound sits far from both.
 */

const t = testAppClosedAfterAll();

const POSTS = 21;
const MAX_RATIO = 4;

/** A body of the longest length: the word searched, `unit` again and again, a last word. */
const body = (word: string, unit: string) =>
  `${`${word}${unit.repeat(POST_LIMITS.body)}`.slice(0, POST_LIMITS.body - 2)} x`;

const topics = { crafted: "", plain: "" };
const word = `w${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  const author = await createSignedInUser(t.app);
  for (const [kind, text] of [
    // A run of punctuation and spaces the old trim scanned again from each of its characters.
    ["crafted", body(word, " .")],
    ["plain", body(word, " ab")],
  ] as const) {
    topics[kind] = `T${randomBytes(4).toString("hex")}`;
    for (let i = 0; i < POSTS; i++) {
      await insertSearchPost(t.database.db, author.profile?.id ?? "", {
        title: "Help offered",
        body: text,
        topic: topics[kind],
      });
    }
  }
});

/** One anonymous search of the topic, a full page of results. */
async function search(topic: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/search/posts?q=${word}&topic=${topic}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as SearchPostsResponse).articles.length).toBe(20);
}

describe("search excerpts (issue 28, item 4)", () => {
  it("take about as long for bodies of punctuation runs as for plain bodies of the same length", async () => {
    const timing = await medianTimeRatio(
      () => search(topics.crafted),
      () => search(topics.plain),
    );
    expect(timing.ratio, describeRatio(timing)).toBeLessThan(MAX_RATIO);
  });
});
