import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { RowPosition as PostPosition } from "../db/position-cursor.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { notAmongSql, publicSql } from "../visibility/index.ts";
import { type PostRow, postColumns, unexpiredSql } from "./posts-repository.ts";

/** Open: neither filled nor expired; past: filled or expired (the profile's "Past posts"). */
export type MemberPostsState = "open" | "past";

/**
 * One page of `username`'s posts in `state` at `now` (the app's clock), newest first after `after`:
 * never hidden ones, none at all when the reader blocked the author (`excludedAuthors`). Walks the
 * author's (author_id, created_at, id) index.
 */
export function listMemberPosts(
  db: Db,
  options: {
    username: string;
    state: MemberPostsState;
    now: Date;
    limit: number;
    after: PostPosition | null;
    excludedAuthors: readonly string[];
  },
): Promise<PostRow[]> {
  const { username, state, now, limit, after, excludedAuthors } = options;
  const item = { hiddenAt: posts.hiddenAt, author: { profileId: posts.authorId } };
  const open = and(isNull(posts.filledAt), unexpiredSql(now));
  const conditions: (SQL | undefined)[] = [
    eq(
      posts.authorId,
      sql`(select ${profiles.id} from ${profiles} where ${profiles.username} = ${username})`,
    ),
    publicSql(item),
    notAmongSql(db, excludedAuthors, item.author),
    state === "open" ? open : or(isNotNull(posts.filledAt), sql`not ${unexpiredSql(now)}`),
  ];
  if (after) {
    conditions.push(
      sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`,
    );
  }
  return db
    .select({ ...postColumns, expired: sql<boolean>`not ${unexpiredSql(now)}` })
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}
