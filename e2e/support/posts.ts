import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Post } from "../../src/shared/posts.ts";

/** A short random tag that keeps a journey's titles apart from a parallel one's. */
export const tag = () => randomBytes(3).toString("hex");

/** Adds a post through `request` (signed in as its author) and answers it as the API does. */
export async function createPost(
  request: APIRequestContext,
  post: { title: string; topic: string; body: string; type?: string; expires_in_days?: number },
): Promise<Post> {
  const res = await request.post("/api/articles", { data: post });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).article;
}

/** The feed's card for the post titled `title`. */
export const feedCard = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Opens the post's page and answers its article once the title shows. */
export async function openPost(page: Page, post: { id: number; title: string }) {
  await page.goto(`/articles/${post.id}`);
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  return article;
}
