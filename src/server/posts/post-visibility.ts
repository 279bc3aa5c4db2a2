import { canSeeHidden } from "../../shared/policies.ts";
import type { Viewer } from "../auth/index.ts";
import { hasBlocked } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";

/** What decides who may read a post: its author (account and username), and whether it is hidden. */
export type PostAccess = { authorUserId: string; username: string; hidden: boolean };

/**
 * Whether `viewer` may read the post at all: a hidden post only its author and moderators; a post
 * by a member the viewer blocked, not them. Everyone else may (signed out too).
 */
export async function mayRead(
  db: Db,
  post: PostAccess,
  viewer: Pick<Viewer, "identity" | "profile" | "moderator"> | null,
): Promise<boolean> {
  if (post.hidden) {
    const actor = viewer && {
      username: viewer.profile?.username ?? "",
      moderator: viewer.moderator,
    };
    return canSeeHidden(actor, { username: post.username });
  }
  if (!viewer || viewer.identity.id === post.authorUserId) return true;
  return !(await hasBlocked(db, viewer.identity.id, post.authorUserId));
}
