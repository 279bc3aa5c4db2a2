import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { PostType } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { posts, removedPosts } from "../db/tables/posts.ts";
import type { AreaValues } from "../places/index.ts";
import { announcePostChange } from "./post-cache.ts";
import { ownPostColumns, type PostRow } from "./posts-repository.ts";

/** What an edit may change; absent fields stay as they are. */
export type PostChanges = Partial<
  AreaValues & { title: string; topic: string; body: string; kind: PostType }
>;

type Author = { id: string; username: string };

type OwnerWrite<T> = Promise<WriteResult<T, "no-such-post">>;

const noSuchPost = { ok: false, reason: "no-such-post" } as const;

/** Only the post `id` when `author` wrote it: the ownership the route checked, held at the write. */
const ownedBy = (id: number, author: Author) =>
  and(eq(posts.id, id), eq(posts.authorId, author.id));

/** Sets `values` on the post `id` by `author` and announces its change; the post as it is now. */
async function setOwnPost(
  tx: Db,
  author: Author,
  id: number,
  values: PgUpdateSetSource<typeof posts>,
): OwnerWrite<PostRow> {
  const [row] = await tx
    .update(posts)
    .set(values)
    .where(ownedBy(id, author))
    .returning(ownPostColumns);
  if (!row) return noSuchPost;
  await announcePostChange(tx, id);
  return { ok: true, value: { ...row, username: author.username } };
}

/**
 * Every write here runs in the caller's transaction (`tx`) and announces the post's change there:
 * each instance forgets the post and the feed once it commits. Refused as no such post when there
 * is none by `author` (deleted meanwhile).
 */
export async function updatePost(
  tx: Db,
  author: Author,
  id: number,
  changes: PostChanges,
): OwnerWrite<PostRow> {
  return setOwnPost(tx, author, id, { ...changes, editedAt: sql`now()` });
}

/**
 * Marks the post filled (keeping when it was first marked) or open again. Not an edit: edited_at
 * stays.
 */
export async function setPostFilled(
  tx: Db,
  author: Author,
  id: number,
  filled: boolean,
): OwnerWrite<PostRow> {
  return setOwnPost(tx, author, id, {
    filledAt: filled ? sql`coalesce(${posts.filledAt}, now())` : null,
  });
}

/**
 * Keeps the post up until `until` (Renew, or the reminder mail's Keep): not an edit, and its next
 * reminder comes again 3 days before the new date.
 */
export async function renewPost(
  tx: Db,
  author: Author,
  id: number,
  until: Date,
): OwnerWrite<PostRow> {
  return setOwnPost(tx, author, id, { expiresAt: until, expiryRemindedAt: null });
}

/** Deletes the post and remembers its id, so its address says it was removed. */
export async function deletePost(tx: Db, author: Author, id: number): OwnerWrite<null> {
  const [row] = await tx.delete(posts).where(ownedBy(id, author)).returning({ id: posts.id });
  if (!row) return noSuchPost;
  await tx.insert(removedPosts).values({ id }).onConflictDoNothing();
  await announcePostChange(tx, id);
  return { ok: true, value: null };
}

/**
 * Before an account goes (its posts go by cascade): its posts' ids are remembered as removed, so
 * their addresses say "This post was removed" rather than "does not exist". Part of `tx`.
 */
export async function rememberPostsOfLeavingAuthor(tx: Db, authorProfileId: string): Promise<void> {
  await tx.execute(
    sql`insert into ${removedPosts} (id) select ${posts.id} from ${posts} where ${posts.authorId} = ${authorProfileId} on conflict do nothing`,
  );
}

/** Whether the post `id` was deleted by its author. */
export async function wasRemoved(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: removedPosts.id })
    .from(removedPosts)
    .where(eq(removedPosts.id, id))
    .limit(1);
  return row !== undefined;
}
