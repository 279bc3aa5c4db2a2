import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { photo } from "../../../test/harness/photo-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import type { Post } from "../../shared/posts.ts";
import { avatarPath } from "../avatars/index.ts";
import { posts, profiles } from "../db/schema.ts";

/** Issue 20: feed and search cards draw the author's avatar from `author_img_url`. */
const t = testAppClosedAfterAll();

async function post(user: TestUser, title: string): Promise<Post> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie: user.cookie },
    payload: { title, topic: "Avatars", body: `About ${title}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article;
}

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** `author`'s profile photo, a `size` px square of `kind`, uploaded (200); its URL. */
async function upload(author: TestUser, kind: "jpeg" | "png", size: number): Promise<string> {
  const uploaded = await t.app.inject({
    method: "PUT",
    url: `/api/users/${author.username}/photo`,
    payload: await photo(kind, size, size),
    headers: { "content-type": `image/${kind}`, cookie: author.cookie },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return uploaded.json().img_url;
}

describe("author_img_url on posts", () => {
  it("is the author's photo on every answer: feed, search, the post page and the author's writes", async () => {
    const author = await createSignedInUser(t.app);
    const photoUrl = await upload(author, "jpeg", 300);

    const created = await post(author, "Photo author zebra");
    expect(created.author_img_url).toBe(photoUrl);
    const feed = await get<{ articles: Post[] }>("/api/articles");
    expect(feed.articles.find((p) => p.id === created.id)).toEqual(created);
    expect((await get<{ article: Post }>(`/api/articles/${created.id}`)).article).toEqual(created);
    const found = await get<{ articles: Post[] }>("/api/search/posts?q=zebra");
    expect(found.articles.find((p) => p.id === created.id)?.author_img_url).toBe(photoUrl);

    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/articles/${created.id}`,
      headers: { cookie: author.cookie },
      payload: { title: "Photo author zebra, edited" },
    });
    expect(edited.json().article.author_img_url).toBe(photoUrl);
    const filled = await t.app.inject({
      method: "PUT",
      url: `/api/articles/${created.id}/filled`,
      headers: { cookie: author.cookie },
    });
    expect(filled.json().article.author_img_url).toBe(photoUrl);
  });

  it("is absent for an author without a photo, the generated avatar too (cards draw initials)", async () => {
    const generated = await createSignedInUser(t.app);
    await t.app.database.db
      .update(profiles)
      .set({ imgUrl: avatarPath(generated.username) })
      .where(eq(profiles.userId, generated.userId));
    const none = await createSignedInUser(t.app);
    const first = await post(generated, "Generated author yak");
    const second = await post(none, "Initials author yak");
    expect(first).not.toHaveProperty("author_img_url");
    const feed = await get<{ articles: Post[] }>("/api/articles");
    for (const id of [first.id, second.id]) {
      expect(feed.articles.find((p) => p.id === id)).not.toHaveProperty("author_img_url");
    }
    const found = await get<{ articles: Post[] }>("/api/search/posts?q=yak");
    expect(found.articles.length).toBe(2);
    for (const hit of found.articles) expect(hit).not.toHaveProperty("author_img_url");
  });

  it("follows a photo changed after posting (the post's copy, migration 0007), and any insert gets it", async () => {
    const author = await createSignedInUser(t.app);
    const created = await post(author, "Later photo author");
    expect(created).not.toHaveProperty("author_img_url");
    const photoUrl = await upload(author, "png", 200);
    const [copy] = await t.app.database.db
      .select({ username: posts.authorUsername, imgUrl: posts.authorImgUrl })
      .from(posts)
      .where(eq(posts.id, created.id));
    expect(copy).toEqual({ username: author.username, imgUrl: photoUrl });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${author.username}/photo`,
      headers: { cookie: author.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const [inserted] = await t.app.database.db
      .insert(posts)
      .values({ authorId: author.profile?.id ?? "", title: "Raw", topic: "Raw", body: "Raw" })
      .returning({ username: posts.authorUsername, imgUrl: posts.authorImgUrl });
    expect(inserted).toEqual({ username: author.username, imgUrl: removed.json().img_url });
  });
});
