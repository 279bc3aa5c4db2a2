import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { REVIEWS_PAGE_DEFAULT, type Review } from "../../shared/reviews.ts";
import { reviews } from "../db/schema.ts";

/** Issue 21: GET /api/reviews answers pages (it was every review at once). */

let t: TestApp;
let subject: TestUser;
let authors: TestUser[];
const TOTAL = 27;

beforeAll(async () => {
  t = await createTestApp();
  subject = await createSignedInUser(t.app);
  authors = [];
  for (let i = 0; i < TOTAL; i++) authors.push(await createSignedInUser(t.app));
  // Times that share a millisecond (they differ in microseconds) and two that are equal (the id
  // orders them): a cursor that kept only milliseconds would skip or repeat reviews.
  await t.database.db.insert(reviews).values(
    authors.map((author, i) => ({
      authorId: author.profile?.id ?? "",
      subjectId: subject.profile?.id ?? "",
      title: `Review ${i}`,
      body: "Careful and on time.",
      rating: 1 + (i % 5),
      createdAt: sql`timestamptz '2026-11-20T10:00:00.000000Z' + ${Math.min(i, 25)} * interval '1 microsecond'`,
    })),
  );
});
afterAll(() => t.close());

const nameOf = (user: TestUser) => user.profile?.username ?? "";

async function page(query: string, reader?: TestUser) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/reviews?created_about=${nameOf(subject)}${query}`,
    headers: reader ? { cookie: reader.cookie } : {},
  });
  return {
    status: res.statusCode,
    body: res.json() as { reviews: Review[]; nextCursor: string | null },
  };
}

describe("GET /api/reviews, a page at a time", () => {
  it(`answers ${REVIEWS_PAGE_DEFAULT} at first, then the rest after the cursor, each once, newest first`, async () => {
    for (const reader of [undefined, authors[0]]) {
      const first = await page("", reader);
      expect(first.status).toBe(200);
      expect(first.body.reviews).toHaveLength(REVIEWS_PAGE_DEFAULT);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await page(`&cursor=${first.body.nextCursor}`, reader);
      expect(second.status).toBe(200);
      expect(second.body.nextCursor).toBeNull();
      const titles = [...first.body.reviews, ...second.body.reviews].map((r) => r.title);
      expect(titles).toHaveLength(TOTAL);
      expect(new Set(titles).size).toBe(TOTAL);
      // Newest first: the two with equal times last-inserted first (higher id), then down to 0.
      expect(titles.slice(0, 2).sort()).toEqual(["Review 25", "Review 26"]);
      expect(titles.at(-1)).toBe("Review 0");
    }
  });

  it("takes a smaller page with limit, and refuses limits outside 1–50 and foreign cursors", async () => {
    const small = await page("&limit=5");
    expect(small.body.reviews.map((r) => r.title)).toHaveLength(5);
    const next = await page(`&limit=5&cursor=${small.body.nextCursor}`);
    expect(next.body.reviews[0]?.title).not.toBe(small.body.reviews[4]?.title);
    for (const bad of [
      "&limit=0",
      "&limit=51",
      "&limit=two",
      "&cursor=abc$",
      "&cursor=bm90LWEtY3Vyc29y",
    ]) {
      const res = await page(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  it("answers only the review one author wrote with by=, and none for someone who wrote none", async () => {
    const author = authors[3] as TestUser;
    const mine = await page(`&by=${nameOf(author).toUpperCase()}`, author);
    expect(mine.body.reviews.map((r) => r.username)).toEqual([nameOf(author)]);
    expect(mine.body.nextCursor).toBeNull();
    const stranger = await createSignedInUser(t.app);
    const none = await page(`&by=${nameOf(stranger)}`);
    expect(none).toEqual({ status: 200, body: { reviews: [], nextCursor: null } });
  });

  it("still answers 404 for a member that does not exist, whatever the page", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/reviews?created_about=nobody_here&limit=3",
    });
    expect(res.statusCode).toBe(404);
  });
});
