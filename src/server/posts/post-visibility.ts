import type { Viewer } from "../auth/index.ts";
import type { Blocks } from "../blocks/index.ts";
import { maySee, readerOf } from "../visibility/index.ts";

/** What decides who may read a post: its author's account, and whether it is hidden. */
export type PostAccess = { authorUserId: string; hidden: boolean };

/**
 * Whether `viewer` may read the post at all (the one rule, visibility/ maySee): a hidden post only
 * its author and moderators; a post by a member the viewer blocked, not them.
 */
export async function mayRead(
  blocks: Blocks,
  post: PostAccess,
  viewer: Pick<Viewer, "identity" | "moderator"> | null,
): Promise<boolean> {
  return maySee(await readerOf(blocks, viewer), post);
}
