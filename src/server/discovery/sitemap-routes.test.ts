import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { insertPost, setHiddenAt } from "../../../test/harness/moderators.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { posts } from "../db/schema.ts";

const ORIGIN = "https://talents.example";
// Pages of two addresses, so a handful of rows shows the paging.
const t = testAppClosedAfterAll({ publicOrigin: ORIGIN, sitemapPageSize: 2 });

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return res;
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** Every address the sitemap lists, page after page, as a crawler reads it. */
async function everyListedAddress(): Promise<string[]> {
  const index = await get("/sitemap.xml");
  expect(index.statusCode).toBe(200);
  expect(index.headers["content-type"]).toContain("application/xml");
  expect(index.body).toContain("<sitemapindex");
  const found: string[] = [];
  for (const page of locs(index.body)) {
    const res = await get(String(page).slice(ORIGIN.length));
    expect(res.statusCode, String(page)).toBe(200);
    expect(res.body).toContain("<urlset");
    found.push(...(locs(res.body) as string[]));
  }
  return found;
}

async function optOut(member: TestUser, noindex: boolean) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/users/${member.username}`,
    headers: { cookie: member.cookie },
    payload: { noindex },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("robots.txt and the sitemap (issue 33)", () => {
  it("robots.txt keeps crawlers out of the API and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("User-agent: *\nAllow: /\n");
    expect(res.body).toContain("Disallow: /api/\n");
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("lists public posts and profiles on pages, without hidden ones or members who opted out", async () => {
    const shown = await createSignedInUser(t.app);
    const shy = await createSignedInUser(t.app);
    const hiddenMember = await createSignedInUser(t.app);
    const db = t.database.db;
    const shownPosts = [
      await insertPost(db, shown, "First"),
      await insertPost(db, shown, "Second"),
      await insertPost(db, shown, "Third"),
    ];
    const hiddenPost = await insertPost(db, shown, "Hidden");
    await setHiddenAt(db, "post", hiddenPost, new Date());
    const expiredPost = await insertPost(db, shown, "Expired");
    await db
      .update(posts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, expiredPost));
    const shyPost = await insertPost(db, shy, "Shy");
    await setHiddenAt(db, "profile", hiddenMember.userId, new Date());
    const byHiddenMember = await insertPost(db, hiddenMember, "By a hidden member");
    await optOut(shy, true);

    const listed = await everyListedAddress();
    for (const id of shownPosts) expect(listed).toContain(`${ORIGIN}/articles/${id}`);
    expect(listed).toContain(`${ORIGIN}/user/${shown.username}`);
    for (const id of [hiddenPost, expiredPost, shyPost, byHiddenMember]) {
      expect(listed).not.toContain(`${ORIGIN}/articles/${id}`);
    }
    expect(listed).not.toContain(`${ORIGIN}/user/${shy.username}`);
    expect(listed).not.toContain(`${ORIGIN}/user/${hiddenMember.username}`);
    // Each address once, two a page: three posts need two pages.
    expect(new Set(listed).size).toBe(listed.length);
    const index = (await get("/sitemap.xml")).body;
    expect(locs(index)).toContain(`${ORIGIN}/sitemaps/posts-2.xml`);

    // Changing one's mind shows at once: the choice forgets the kept pages.
    await optOut(shy, false);
    const again = await everyListedAddress();
    expect(again).toContain(`${ORIGIN}/user/${shy.username}`);
    expect(again).toContain(`${ORIGIN}/articles/${shyPost}`);
  });

  it("answers 404 past the last page and for names that are no page", async () => {
    for (const url of [
      "/sitemaps/posts-9999.xml",
      "/sitemaps/other-1.xml",
      "/sitemaps/posts-0.xml",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
