import type { Db } from "../../src/server/db/database.ts";
import { posts } from "../../src/server/db/schema.ts";
import { deliverHere } from "../../src/server/events/index.ts";

/**
 * Test helper: stores `count` posts by one author straight in the database, one second apart and
 * oldest first, so their order is known. Returns their ids newest first (the feed's order).
 */
export async function seedPosts(
  db: Db,
  authorId: string,
  count: number,
  options: { topic?: (index: number) => string; at?: (index: number) => Date } = {},
): Promise<number[]> {
  const base = Date.now() - count * 1000 - 60_000;
  const rows = Array.from({ length: count }, (_, index) => ({
    authorId,
    title: `Post ${index}`,
    topic: options.topic?.(index) ?? "General",
    body: `Body of post ${index}`,
    createdAt: options.at?.(index) ?? new Date(base + index * 1000),
  }));
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  deliverHere(db, { type: "everything.changed" });
  return inserted.map((row) => row.id).reverse();
}
