import type { Post } from "../../shared/posts.ts";
import type { PostRow } from "./posts-repository.ts";

export function presentPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    body: row.body,
    username: row.username,
    created_at: row.createdAt,
  };
}
