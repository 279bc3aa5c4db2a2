import type { PostResponse, PostsPage } from "../../shared/posts.ts";
import {
  ALL_CACHES,
  announceInvalidation,
  invalidateHere,
  subscribeToInvalidations,
} from "../db/cache-invalidation.ts";
import type { Database, Db } from "../db/database.ts";
import { createReadCache } from "../db/read-cache.ts";

/**
 * What changed about posts: one post by id (its page, and the feed pages it may be on), the feed
 * (a new post), or everything.
 */
export type PostChange = number | "feed" | "all";

const FEED_KEY = "feed";
const POST_KEY_PREFIX = "post:";

function invalidationKey(change: PostChange): string {
  if (change === "all") return ALL_CACHES;
  if (change === "feed") return FEED_KEY;
  return `${POST_KEY_PREFIX}${change}`;
}

/**
 * The feed's first page is kept at most this long, a post by id this long: the notifications keep
 * them right, the time limits only bound a change that was never announced.
 */
export const FEED_TTL_MS = 1_000;
export const POST_TTL_MS = 10_000;

export type PostCache = ReturnType<typeof createPostCache>;

/**
 * A post's page as kept: the answer shown to readers who may see it, and what the route needs to
 * decide who they are (its author's account, whether moderators hid it). The answer of a hidden post
 * is never handed out as is: its author and moderators get a copy marked hidden, others a 404.
 */
export type CachedPost = { answer: PostResponse; authorUserId: string; hidden: boolean };

/**
 * The one place that knows what of posts an instance keeps in memory (decision 003): the feed's
 * first page by page size and a post by id, as the very response objects answered, so the
 * serializer reuses their JSON (http/serializer.ts). It forgets them when any instance announces a
 * change (cache-invalidation.ts). Responses kept here never depend on the viewer: who may read a
 * hidden post, or one by a member they blocked, is the route's decision on every request.
 */
export function createPostCache(database: Database) {
  const feedPages = createReadCache<number, PostsPage>({ ttlMs: FEED_TTL_MS, maxEntries: 10 });
  const posts = createReadCache<number, CachedPost | null>({
    ttlMs: POST_TTL_MS,
    maxEntries: 2_000,
  });
  let unsubscribe: (() => Promise<void>) | undefined;

  const forget = (key: string) => {
    if (key === ALL_CACHES) {
      posts.clear();
      feedPages.clear();
    } else if (key === FEED_KEY) {
      feedPages.clear();
    } else if (key.startsWith(POST_KEY_PREFIX)) {
      posts.delete(Number(key.slice(POST_KEY_PREFIX.length)));
      feedPages.clear();
    }
  };

  return {
    /** Starts hearing other instances' changes; call before serving. */
    async start(): Promise<void> {
      unsubscribe = await subscribeToInvalidations(database, forget);
    },

    async stop(): Promise<void> {
      await unsubscribe?.();
      unsubscribe = undefined;
    },

    /** The feed's first page of `limit` posts (no topic, no cursor). */
    feedFirstPage(limit: number, load: () => Promise<PostsPage>): Promise<PostsPage> {
      return feedPages.get(limit, load);
    },

    /** A post's answer by id; "not found" (null) is not kept. */
    post(id: number, load: () => Promise<CachedPost | null>): Promise<CachedPost | null> {
      return posts.get(id, load);
    },

    /**
     * For a change already committed outside a route's transaction (SQL by hand, a script, a test):
     * forgets post `postId`, or everything without one, here at once and in every instance.
     */
    async invalidate(postId?: number): Promise<void> {
      const change = postId ?? "all";
      forgetPostChange(database.db, change);
      await announcePostChange(database.db, change);
    },
  };
}

/**
 * Every write that changes posts calls this inside its transaction: each instance, this one too,
 * forgets `change` once the transaction commits; a rolled-back one tells nobody.
 */
export function announcePostChange(tx: Db, change: PostChange): Promise<void> {
  return announceInvalidation(tx, invalidationKey(change));
}

/**
 * Right after that transaction committed: this process's post caches on `db` forget `change` at
 * once, so the writer's next read shows its write without waiting for the notification.
 */
export function forgetPostChange(db: Db, change: PostChange): void {
  invalidateHere(db, invalidationKey(change));
}
