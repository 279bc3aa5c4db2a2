import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createModerator, moderationTestApp } from "../../../test/harness/moderators.ts";
import { seedPosts } from "../../../test/harness/post-fixtures.ts";
import type { PostsPage } from "../../shared/posts.ts";
import { posts } from "../db/schema.ts";

/** Issue 16: hidden posts and blocked authors on every read path of posts. */

const t = moderationTestApp();
let moderator: TestUser;
beforeAll(async () => {
  moderator = await createModerator(t.app);
});

const as = (user?: TestUser) => (user ? { cookie: user.cookie } : {});

async function feedIds(query = "", user?: TestUser): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "?";
    const url = `/api/articles${query}${cursor ? `${sep}cursor=${cursor}` : ""}`;
    const res = await t.app.inject({ method: "GET", url, headers: as(user) });
    expect(res.statusCode, res.body).toBe(200);
    const page: PostsPage = res.json();
    ids.push(...page.articles.map((post) => post.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const firstPageIds = async (user?: TestUser) => {
  const res = await t.app.inject({ method: "GET", url: "/api/articles", headers: as(user) });
  return (res.json() as PostsPage).articles.map((post) => post.id);
};

const getPost = (id: number, user?: TestUser) =>
  t.app.inject({ method: "GET", url: `/api/articles/${id}`, headers: as(user) });

/** What the moderation slice does: set hidden_at (or clear it) and announce the post's change. */
async function setHidden(id: number, hidden: boolean): Promise<void> {
  await t.database.db
    .update(posts)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(posts.id, id));
  await t.app.postCache.invalidate(id);
}

const block = async (blocker: TestUser, blocked: TestUser) => {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/blocks/${blocked.profile?.username}`,
    headers: as(blocker),
  });
  expect(res.statusCode).toBe(200);
};

async function authorWithPosts(count: number, topic = "General") {
  const author = await createSignedInUser(t.app);
  const ids = await seedPosts(t.database.db, author.profile?.id ?? "", count, {
    topic: () => topic,
  });
  return { author, ids };
}

describe("a hidden post", () => {
  it("is absent from the feed for everyone, its author and moderators included, on every page", async () => {
    const { author, ids } = await authorWithPosts(3, "Hidden-feed");
    const [, hidden = 0] = ids;
    const member = await createSignedInUser(t.app);
    expect(await firstPageIds()).toContain(hidden); // the cached first page had it
    await setHidden(hidden, true);
    for (const reader of [undefined, member, author, moderator]) {
      expect(await firstPageIds(reader)).not.toContain(hidden);
      expect(await feedIds("?limit=1", reader)).not.toContain(hidden);
      expect(await feedIds("?topic=hidden-feed&limit=1", reader)).toEqual(
        ids.filter((id) => id !== hidden),
      );
    }
  });

  it("is 404 on its page for visitors and other members, and marked hidden for its author and moderators", async () => {
    const { author, ids } = await authorWithPosts(1);
    const [id = 0] = ids;
    const member = await createSignedInUser(t.app);
    expect((await getPost(id)).statusCode).toBe(200); // now cached, unmarked
    await setHidden(id, true);

    // The author reads first, so the cache holds the hidden post when the others ask.
    const own = await getPost(id, author);
    expect(own.statusCode).toBe(200);
    expect(own.json().article).toMatchObject({ id, hidden: true });
    for (const reader of [undefined, member]) {
      const res = await getPost(id, reader);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not-found");
    }
    const moderated = await getPost(id, moderator);
    expect(moderated.json().article).toMatchObject({ id, hidden: true });
    // The author's marked copy never became the shared answer.
    expect((await getPost(id)).statusCode).toBe(404);

    await setHidden(id, false);
    for (const reader of [undefined, member, author]) {
      const res = await getPost(id, reader);
      expect(res.statusCode).toBe(200);
      expect(res.json().article).not.toHaveProperty("hidden");
    }
  });
});

describe("a post by a member the reader blocked", () => {
  it("is absent from the blocker's feed on every page, and only from theirs", async () => {
    const { author: pest, ids: pestIds } = await authorWithPosts(2, "Blocked-feed");
    const { author: friend, ids: friendIds } = await authorWithPosts(2, "Blocked-feed");
    const blocker = await createSignedInUser(t.app);
    const bystander = await createSignedInUser(t.app);
    await block(blocker, pest);

    const first = await firstPageIds(blocker);
    for (const id of pestIds) expect(first).not.toContain(id);
    expect(first).toEqual(expect.arrayContaining(friendIds));
    const all = await feedIds("?limit=1", blocker);
    for (const id of pestIds) expect(all).not.toContain(id);
    expect(await feedIds("?topic=blocked-feed", blocker)).toEqual(friendIds);

    // The shared first page still holds them for everyone else, the blocked member included.
    for (const reader of [undefined, bystander, pest, friend]) {
      expect(await firstPageIds(reader)).toEqual(expect.arrayContaining(pestIds));
      expect((await feedIds("?topic=blocked-feed", reader)).sort()).toEqual(
        [...pestIds, ...friendIds].sort(),
      );
    }
  });

  it("is 404 on its page for the blocker only, and back once unblocked", async () => {
    const { author: pest, ids } = await authorWithPosts(1);
    const [id = 0] = ids;
    const blocker = await createSignedInUser(t.app);
    const [blockerPost = 0] = await seedPosts(t.database.db, blocker.profile?.id ?? "", 1);
    await block(blocker, pest);
    expect((await getPost(id, blocker)).statusCode).toBe(404);
    expect((await getPost(id)).statusCode).toBe(200);
    expect((await getPost(id, pest)).statusCode).toBe(200);
    // Silent and one way: the blocked member still reads the blocker's posts.
    expect((await getPost(blockerPost, pest)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/blocks/${pest.profile?.username}`,
      headers: as(blocker),
    });
    expect(res.json()).toMatchObject({ blocked: false });
    expect((await getPost(id, blocker)).statusCode).toBe(200);
    expect(await firstPageIds(blocker)).toContain(id);
  });

  it("is 404 on its page, hidden too, for a moderator who blocked its author (decision 018), who still finds it in /moderation/hidden", async () => {
    const { author: pest, ids } = await authorWithPosts(1);
    const [id = 0] = ids;
    const blockingModerator = await createModerator(t.app);
    await block(blockingModerator, pest);
    await setHidden(id, true);
    expect((await getPost(id, blockingModerator)).statusCode).toBe(404);
    expect((await getPost(id, moderator)).json().article.hidden).toBe(true);
    const hidden = await t.app.inject({
      method: "GET",
      url: "/api/moderation/hidden",
      headers: as(blockingModerator),
    });
    const listed = hidden.json().items.map((item: { target: { id: string } }) => item.target.id);
    expect(listed).toContain(String(id));
  });
});
