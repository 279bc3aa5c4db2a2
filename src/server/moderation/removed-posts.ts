import { and, eq, inArray, sql } from "drizzle-orm";
import { suspendedUntilText } from "../auth/index.ts";
import { users } from "../db/tables/auth.ts";
import { reports } from "../db/tables/moderation.ts";
import { removedPosts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import type { ItemKind, ItemRecord } from "./item-kind.ts";

export const REMOVED_POST_TEXT = "This post was removed by its author.";

/**
 * Posts kind that also finds, by key, the posts their authors deleted (issue 19): reports keep
 * pointing at them (target_id has no foreign key), so the queue shows each as removed by its author
 * — the author taken from the reports — and moderators can still dismiss them or act on the
 * author. Nobody may read (and so report) one any more: `privateTo` is empty.
 */
export function withRemovedPosts(posts: ItemKind): ItemKind {
  return {
    ...posts,
    async load(db, filter, limit) {
      const found = await posts.load(db, filter, limit);
      if (filter.by !== "keys" || found.length >= filter.keys.length) return found;
      const present = new Set(found.map((item) => item.key));
      const missing = filter.keys.filter((key) => !present.has(key)).map(Number);
      const removed = await db
        .selectDistinctOn([removedPosts.id], {
          id: removedPosts.id,
          removedAt: removedPosts.removedAt,
          authorUserId: users.id,
          authorUsername: profiles.username,
          authorSuspendedUntil: suspendedUntilText,
        })
        .from(removedPosts)
        .innerJoin(
          reports,
          and(eq(reports.targetType, "post"), sql`${reports.targetId} = ${removedPosts.id}::text`),
        )
        .innerJoin(users, eq(users.id, reports.subjectUserId))
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(removedPosts.id, missing));
      const records: ItemRecord[] = removed.map(({ id, removedAt, ...author }) => ({
        ...author,
        type: "post",
        key: String(id),
        wireId: String(id),
        title: null,
        text: REMOVED_POST_TEXT,
        path: `/articles/${id}`,
        createdAt: removedAt,
        hiddenAt: null,
        privateTo: [],
      }));
      return [...found, ...records].slice(0, limit);
    },
  };
}
