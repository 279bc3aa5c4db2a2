import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createModerator, insertPost, setHiddenAt } from "../../../test/harness/moderators.ts";
import { setProfileArea, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { posts, profiles, users } from "../db/schema.ts";
import { chosenArea } from "../places/index.ts";

/** index.html as the build writes it: its own title and description, which the server replaces. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Your Local Talents connects people who offer skills with people looking for them." />
    <title>Your Local Talents</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const ORIGIN = "https://talents.example";

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-previews-"));
  fs.writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
  t = await createTestApp({
    webDir,
    publicOrigin: ORIGIN,
    moderation: { adminEmails: ["moderator-0@example.test"], autoHideThreshold: 3 },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The page at `url` as a link preview's crawler reads it (as `user`: a moderator, say). */
async function page(url: string, user?: TestUser) {
  const res = await t.app.inject({
    method: "GET",
    url,
    headers: user ? { cookie: user.cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("text/html");
  return res.body;
}

/** The content of the meta tag `key` (a property or a name); the first one. */
function meta(html: string, key: string): string | undefined {
  const found = html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
  return found?.[1];
}
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;

function expectGeneric(html: string, url: string, noindex: boolean) {
  expect(titleOf(html)).toBe("Your Local Talents");
  expect(meta(html, "og:title")).toBe("Your Local Talents");
  expect(meta(html, "og:description")).toBe(
    "Your Local Talents connects people who offer skills with people looking for them.",
  );
  expect(meta(html, "og:url")).toBe(`${ORIGIN}${url}`);
  expect(meta(html, "og:image")).toBe(`${ORIGIN}/icon-512.png`);
  expect(meta(html, "robots")).toBe(noindex ? "noindex" : undefined);
}

async function newPost(author: TestUser, title = "Fixing leaking taps") {
  const id = await insertPost(t.database.db, author, title);
  await t.database.db
    .update(posts)
    .set({ body: "Washers, valves and the odd burst pipe.", topic: "Plumbing", kind: "offering" })
    .where(eq(posts.id, id));
  return id;
}

describe("a post's page (issue 33)", () => {
  it("carries the post's title, description, address and picture, once each", async () => {
    const author = await createSignedInUser(t.app);
    const id = await newPost(author);
    await t.database.db.update(posts).set(chosenArea(TOWNS.cambridge)).where(eq(posts.id, id));
    const html = await page(`/articles/${id}`);
    expect(titleOf(html)).toBe("Fixing leaking taps · Your Local Talents");
    expect(meta(html, "og:title")).toBe("Fixing leaking taps");
    expect(meta(html, "twitter:title")).toBe("Fixing leaking taps");
    expect(meta(html, "twitter:card")).toBe("summary");
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "og:url")).toBe(`${ORIGIN}/articles/${id}`);
    expect(meta(html, "description")).toBe(
      `Offering: Plumbing in Cambridge, by ${author.username}. Washers, valves and the odd burst pipe.`,
    );
    expect(meta(html, "og:description")).toBe(meta(html, "description"));
    // The author has a generated avatar (an SVG previews do not show): the site's picture.
    expect(meta(html, "og:image")).toBe(`${ORIGIN}/icon-512.png`);
    expect(meta(html, "robots")).toBeUndefined();
    // index.html's own title and description are replaced, not repeated.
    expect(count(html, /<title>/)).toBe(1);
    expect(count(html, /<meta name="description"/)).toBe(1);
  });

  it("escapes the post's text: markup in a title or body stays text", async () => {
    const author = await createSignedInUser(t.app);
    const title = `"><script>alert(1)</script><img src=x onerror=alert(2)> & 'quoted'`;
    const id = await newPost(author, title);
    const html = await page(`/articles/${id}`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(meta(html, "og:title")).toBe(
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;quoted&#39;",
    );
  });

  it("cuts a long body at a word", async () => {
    const author = await createSignedInUser(t.app);
    const id = await newPost(author);
    await t.database.db
      .update(posts)
      .set({ body: "word ".repeat(100) })
      .where(eq(posts.id, id));
    const description = meta(await page(`/articles/${id}`), "og:description") ?? "";
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith("word…")).toBe(true);
  });

  it("shows nothing of a hidden post, even to a moderator's request, and asks not to index it", async () => {
    const author = await createSignedInUser(t.app);
    const id = await newPost(author, "A post moderators hid");
    await setHiddenAt(t.database.db, "post", id, new Date());
    const moderator = await createModerator(t.app);
    for (const viewer of [undefined, author, moderator]) {
      const html = await page(`/articles/${id}`, viewer);
      expectGeneric(html, `/articles/${id}`, true);
      expect(html).not.toContain("A post moderators hid");
    }
  });

  it("shows nothing of a post whose author is hidden, suspended or whose post expired", async () => {
    const hidden = await createSignedInUser(t.app);
    const hiddenPost = await newPost(hidden, "By a hidden member");
    await setHiddenAt(t.database.db, "profile", hidden.userId, new Date());
    const suspended = await createSignedInUser(t.app);
    const suspendedPost = await newPost(suspended, "By a suspended member");
    await t.database.db
      .update(users)
      .set({ suspendedUntil: sql`'infinity'::timestamptz` })
      .where(eq(users.id, suspended.userId));
    const expiring = await createSignedInUser(t.app);
    const expiredPost = await newPost(expiring, "An expired post");
    await t.database.db
      .update(posts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, expiredPost));
    for (const id of [hiddenPost, suspendedPost, expiredPost]) {
      const html = await page(`/articles/${id}`);
      expectGeneric(html, `/articles/${id}`, true);
      expect(html).not.toMatch(/By a hidden member|By a suspended member|An expired post/);
    }
  });

  it("answers unknown and malformed post addresses with the generic tags", async () => {
    expectGeneric(await page("/articles/999999999"), "/articles/999999999", true);
    expectGeneric(await page("/articles/abc"), "/articles/abc", true);
  });
});

describe("a member's page (issue 33)", () => {
  it("carries the member's name, skills, town and bio, and their photo when they have one", async () => {
    const member = await createSignedInUser(t.app, { skills: ["Plumber", "Gardener"] });
    const profileId = member.profile?.id ?? "";
    await setProfileArea(t.database.db, profileId, TOWNS.cambridge);
    await t.database.db
      .update(profiles)
      .set({ bio: "Twenty years of pipes.", imgUrl: "/api/photos/abc123/large.webp" })
      .where(eq(profiles.id, profileId));
    const html = await page(`/user/${member.username.toUpperCase()}`);
    expect(titleOf(html)).toBe(`${member.username} · Your Local Talents`);
    expect(meta(html, "og:title")).toBe(member.username);
    expect(meta(html, "og:type")).toBe("profile");
    expect(meta(html, "og:description")).toBe(
      "Plumber, Gardener in Cambridge. Twenty years of pipes.",
    );
    expect(meta(html, "og:url")).toBe(`${ORIGIN}/user/${member.username}`);
    expect(meta(html, "og:image")).toBe(`${ORIGIN}/api/photos/abc123/large.webp`);
    expect(meta(html, "robots")).toBeUndefined();
  });

  it("asks search engines not to index a member who opted out, and their posts", async () => {
    const member = await createSignedInUser(t.app);
    const id = await newPost(member, "A post of a private member");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${member.username}`,
      headers: { cookie: member.cookie },
      payload: { noindex: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.noindex).toBe(true);
    const profileHtml = await page(`/user/${member.username}`);
    expect(meta(profileHtml, "robots")).toBe("noindex");
    expect(meta(profileHtml, "og:title")).toBe(member.username);
    const postHtml = await page(`/articles/${id}`);
    expect(meta(postHtml, "robots")).toBe("noindex");
    expect(meta(postHtml, "og:title")).toBe("A post of a private member");
  });

  it("shows nothing of a hidden, suspended or unknown member", async () => {
    const hidden = await createSignedInUser(t.app);
    await t.database.db
      .update(profiles)
      .set({ bio: "Hidden bio", hiddenAt: new Date() })
      .where(eq(profiles.userId, hidden.userId));
    const suspended = await createSignedInUser(t.app);
    await t.database.db
      .update(users)
      .set({ suspendedUntil: sql`now() + interval '1 day'` })
      .where(eq(users.id, suspended.userId));
    for (const name of [hidden.username, suspended.username, "nobody_here"]) {
      const html = await page(`/user/${name}`);
      expectGeneric(html, `/user/${name}`, true);
      expect(html).not.toContain("Hidden bio");
    }
  });
});

describe("every other page", () => {
  it("has the generic tags, to be indexed", async () => {
    expectGeneric(await page("/feed"), "/feed", false);
    expectGeneric(await page("/"), "/", false);
  });
});
