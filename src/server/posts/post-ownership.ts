import type { ViewerWithProfile } from "../auth/index.ts";
import type { Blocks } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import type { PostOwnerRefusal } from "./post-errors.ts";
import { wasRemoved } from "./post-owner-repository.ts";
import { mayRead } from "./post-visibility.ts";
import { findPostById } from "./posts-repository.ts";

/**
 * Whether `viewer` may change post `id` as its author, read fresh (not from the cache): refused as
 * removed when its author deleted it, as not there when there is none or the viewer may not read
 * it (the post page's rule), as not theirs when someone else wrote it.
 */
export async function postOwnership(
  db: Db,
  blocks: Blocks,
  id: number,
  viewer: ViewerWithProfile,
): Promise<WriteResult<null, PostOwnerRefusal>> {
  const post = await findPostById(db, id);
  if (!post) return { ok: false, reason: (await wasRemoved(db, id)) ? "removed" : "no-such-post" };
  if (!(await mayRead(blocks, post, viewer))) return { ok: false, reason: "no-such-post" };
  if (post.authorUserId !== viewer.identity.id) return { ok: false, reason: "not-your-post" };
  return { ok: true, value: null };
}
