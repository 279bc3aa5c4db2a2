import { eq } from "drizzle-orm";
import { posts } from "../db/tables/posts.ts";
import { hiderOf, profileIdOfAccount } from "../visibility/index.ts";
import { announcePostChange } from "./post-cache.ts";

/**
 * Moderators hide or restore posts (decision 010): each post changed is announced, so every
 * instance forgets it and the feed at commit.
 */
export const setPostsHidden = hiderOf<number>({
  table: posts,
  key: posts.id,
  authorIs: (userId) => eq(posts.authorId, profileIdOfAccount(userId)),
  announce: (tx, id) => announcePostChange(tx, id),
});
