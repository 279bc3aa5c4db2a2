import type { Article } from "../../shared/posts.ts";
import type { ArticleRow } from "./posts-repository.ts";

export function presentArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    body: row.body,
    username: row.username,
    created_at: row.createdAt,
  };
}
