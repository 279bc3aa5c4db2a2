import type { PostResponse, PostsPage } from "../../shared/posts.ts";
import type { Database, Db } from "../db/database.ts";
import { createReadCache } from "../db/read-cache.ts";
import { announce, type DomainEvent, type EventOf, eventBusOf } from "../events/index.ts";

/**
 * What changed about posts: one post by id (its page, and the feed pages it may be on), the feed
 * (a new post), or everything.
 */
export type PostChange = number | "feed" | "all";

function eventOf(change: PostChange): DomainEvent {
  if (change === "all") return { type: "everything.changed" };
  if (change === "feed") return { type: "feed.changed" };
  return { type: "post.changed", postId: change };
}

const POST_EVENTS = ["post.changed", "feed.changed", "everything.changed"] as const;

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
 * change (a post event, events/). Responses kept here never depend on the viewer: who may read a
 * hidden post, or one by a member they blocked, is the route's decision on every request.
 */
export function createPostCache(database: Database) {
  const feedPages = createReadCache<number, PostsPage>({ ttlMs: FEED_TTL_MS, maxEntries: 10 });
  const posts = createReadCache<number, CachedPost | null>({
    ttlMs: POST_TTL_MS,
    maxEntries: 2_000,
  });
  let unsubscribe: (() => Promise<void>) | undefined;

  const forgetAll = () => {
    posts.clear();
    feedPages.clear();
  };
  const forget = (event: EventOf<(typeof POST_EVENTS)[number]>) => {
    if (event.type === "post.changed") posts.delete(event.postId);
    else if (event.type === "everything.changed") posts.clear();
    feedPages.clear();
  };

  return {
    /** Starts hearing other instances' changes; call before serving. */
    async start(): Promise<void> {
      unsubscribe = await eventBusOf(database).subscribe({
        types: POST_EVENTS,
        on: forget,
        onResync: forgetAll,
      });
    },

    async stop(): Promise<void> {
      await unsubscribe?.();
      unsubscribe = undefined;
    },

    /**
     * The feed's first page of `limit` posts (no topic, no cursor), read again once one of its
     * posts has expired at `now` (the app's clock, which tests move faster than the page's TTL).
     */
    async feedFirstPage(
      limit: number,
      now: Date,
      load: () => Promise<PostsPage>,
    ): Promise<PostsPage> {
      const page = await feedPages.get(limit, load);
      if (!page.articles.some((post) => Date.parse(post.expires_at) <= now.getTime())) return page;
      feedPages.delete(limit);
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
      const event = eventOf(postId ?? "all");
      eventBusOf(database).deliverHere([event]);
      await announce(database.db, event);
    },
  };
}

/**
 * Every write that changes posts calls this inside its transaction (a pipeline write, write/): each
 * instance forgets `change` once the transaction commits, this one right after the commit, so the
 * writer's next read shows its write; a rolled-back one tells nobody.
 */
export function announcePostChange(tx: Db, change: PostChange): Promise<void> {
  return announce(tx, eventOf(change));
}
