import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";

/**
 * A post a conversation may start from (issue 34): its title and its author's account, when it is
 * there and not hidden by moderators; null otherwise.
 */
export async function postStartingConversation(
  db: Db,
  postId: number,
): Promise<{ authorUserId: string; title: string } | null> {
  const [row] = await db
    .select({ authorUserId: profiles.userId, title: posts.title })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(and(eq(posts.id, postId), isNull(posts.hiddenAt)))
    .limit(1);
  return row ?? null;
}
