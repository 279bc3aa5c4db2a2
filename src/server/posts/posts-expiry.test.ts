import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { AccountExport } from "../../shared/accounts.ts";
import type { PostResponse, PostsPage } from "../../shared/posts.ts";
import type { SearchPostsResponse } from "../../shared/search.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 32: every post expires (30, 60 or 90 days, 60 by default); expired posts leave the feed
 * and search but keep their page; the author renews them; the profile lists open and past posts.
 * Time is the app's controllable clock, never the database's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = controllableClock(new Date("2026-03-01T12:00:00Z"));
const t = testAppClosedAfterAll({ writeLimits: liftedWriteLimits() }, { clock });

let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  author = await createSignedInUser(t.app);
  reader = await createSignedInUser(t.app);
});

const create = (payload: Record<string, unknown>, user = author) =>
  t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: user.cookie },
    payload: { title: "Bike repairs", topic: "Bikes", body: "Punctures and brakes.", ...payload },
  });

async function created(payload: Record<string, unknown>): Promise<PostResponse["article"]> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostResponse>().article;
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

const feedIds = async () =>
  (await get("/api/articles?limit=100", reader)).json<PostsPage>().articles.map((p) => p.id);
const searchIds = async (word: string) =>
  (await get(`/api/search/posts?q=${word}`, reader))
    .json<SearchPostsResponse>()
    .articles.map((p) => p.id);
const memberIds = async (state: "open" | "past", username = author.username) =>
  (await get(`/api/users/username/${username}/articles?state=${state}&limit=100`, reader))
    .json<PostsPage>()
    .articles.map((p) => p.id);

describe("a post's expiry", () => {
  it("is 60 days from posting by default, else the 30 or 90 days chosen", async () => {
    const now = clock.now().getTime();
    for (const [days, expected] of [
      [undefined, 60],
      [30, 30],
      [90, 90],
    ] as const) {
      const post = await created(days === undefined ? {} : { expires_in_days: days });
      expect(Date.parse(post.expires_at) - now).toBe(expected * DAY_MS);
      expect(post.expired).toBeUndefined();
    }
  });

  it("refuses any other number of days with 400", async () => {
    for (const days of [0, 45, 365, "60", -30]) {
      const res = await create({ expires_in_days: days });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.expires_in_days).toBe("Expiry must be 30, 60 or 90 days.");
    }
  });

  it("takes an expired post out of the feed and search but keeps its page, saying when it expired", async () => {
    const word = `zither${Date.now()}`;
    const post = await created({ title: `Zither lessons ${word}`, expires_in_days: 30 });
    const other = await created({ title: `Zither tuning ${word}`, expires_in_days: 90 });
    // Read once before, so the feed's first page is kept in memory when the clock moves.
    expect(await feedIds()).toEqual(expect.arrayContaining([post.id, other.id]));
    expect(await searchIds(word)).toEqual(expect.arrayContaining([post.id, other.id]));

    clock.advance(30 * DAY_MS - 1000);
    expect(await feedIds()).toContain(post.id);
    clock.advance(1000);
    const feed = await feedIds();
    expect(feed).not.toContain(post.id);
    expect(feed).toContain(other.id);
    expect(await searchIds(word)).toEqual([other.id]);

    const page = await get(`/api/articles/${post.id}`, reader);
    expect(page.statusCode).toBe(200);
    expect(page.json<PostResponse>().article).toMatchObject({
      id: post.id,
      expired: true,
      expires_at: post.expires_at,
    });
    expect((await get(`/api/articles/${other.id}`, reader)).json().article.expired).toBeUndefined();
  });

  it("lets only the author renew, for 60 days from now, back into the feed", async () => {
    const post = await created({ expires_in_days: 30 });
    clock.advance(31 * DAY_MS);
    expect(await feedIds()).not.toContain(post.id);
    const renew = (user: TestUser | null) =>
      t.app.inject({
        method: "POST",
        url: `/api/articles/${post.id}/renew`,
        headers: user ? { cookie: user.cookie } : {},
      });
    expect((await renew(null)).statusCode).toBe(401);
    expect((await renew(reader)).statusCode).toBe(403);
    const res = await renew(author);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json<PostResponse>().article;
    expect(Date.parse(renewed.expires_at)).toBe(clock.now().getTime() + 60 * DAY_MS);
    expect(renewed.expired).toBeUndefined();
    expect(await feedIds()).toContain(post.id);
  });

  it("lists the member's open posts and, apart, their filled and expired ones, a page at a time", async () => {
    const member = await createSignedInUser(t.app);
    const post = async (payload: Record<string, unknown>) => {
      const res = await create(payload, member);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PostResponse>().article.id;
    };
    const expiring = await post({ expires_in_days: 30 });
    const filled = await post({ expires_in_days: 90 });
    const open = [await post({ expires_in_days: 90 }), await post({ expires_in_days: 90 })];
    const fill = await t.app.inject({
      method: "PUT",
      url: `/api/articles/${filled}/filled`,
      headers: { cookie: member.cookie },
    });
    expect(fill.statusCode).toBe(200);
    expect(await memberIds("open", member.username)).toEqual([open[1], open[0], expiring]);
    expect(await memberIds("past", member.username)).toEqual([filled]);

    clock.advance(30 * DAY_MS);
    expect(await memberIds("open", member.username)).toEqual([...open].reverse());
    const past = await get(`/api/users/username/${member.username}/articles?state=past`, reader);
    expect(past.json<PostsPage>().articles.map((p) => [p.id, p.expired ?? false])).toEqual([
      [filled, false],
      [expiring, true],
    ]);

    const first = await get(
      `/api/users/username/${member.username}/articles?state=open&limit=1`,
      reader,
    );
    const page = first.json<PostsPage>();
    expect(page.articles.map((p) => p.id)).toEqual([open[1]]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = await get(
      `/api/users/username/${member.username}/articles?state=open&limit=1&cursor=${page.nextCursor}`,
      reader,
    );
    expect(second.json<PostsPage>()).toMatchObject({
      articles: [{ id: open[0] }],
      nextCursor: null,
    });
    expect(await memberIds("open", "nobody_here")).toEqual([]);
    expect(
      (await get(`/api/users/username/${member.username}/articles?state=closed`)).statusCode,
    ).toBe(400);
  });

  it("is in the member's export", async () => {
    const post = await created({ expires_in_days: 90 });
    const res = await get("/api/me/export", author);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AccountExport>();
    expect(data.posts.find((p) => p.id === post.id)?.expiresAt).toBe(
      new Date(post.expires_at).toISOString(),
    );
  });
});
