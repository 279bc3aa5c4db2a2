import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { PostsPage } from "../../shared/posts.ts";

// The query cache's keys that more than one feature reads or writes live here, so that no feature
// reaches into another's api/ for them; a key only its own feature uses stays with that feature.

/** The signed-in identity and its profile (GET /api/me). */
export const sessionQueryKey = ["me"] as const;

/** One profile with its rating; a new review changes the rating. */
export const profileQueryKey = (username: string) => ["profile", username.toLowerCase()] as const;

/** The feed's pages; the post page reads a post from them while it loads, a new post goes on top. */
export const postsListKey = ["articles", "list"] as const;
export type PostsCache = InfiniteData<PostsPage, string | null>;

/** One post; a new post is put here so that opening it needs no request. */
export const postQueryKey = (id: number) => ["articles", "detail", id] as const;

/** A member's open or past posts on their profile (issue 32). */
export const memberPostsQueryKey = (username: string, state: "open" | "past") =>
  ["articles", "member", username.toLowerCase(), state] as const;

/** Search results (issue 18): posts and people; new posts, blocks and hides change them. */
export const searchQueryKey = ["search"] as const;

/**
 * Everything cached about the reviews of one member: the list's pages and authors' own reviews
 * (their keys start with this one: reviews/api/review-keys.ts).
 */
export const reviewsQueryKey = (username: string) => ["reviews", username.toLowerCase()] as const;

/**
 * Every read whose answer depends on whom the viewer blocked and on what moderators hid (issue 16):
 * posts (feed and pages), profiles, reviews and search results. A block, an unblock or a moderator's action
 * refetches them, so what the viewer sees follows at once.
 */
export const contentQueryKeys = [["articles"], ["profile"], ["reviews"], searchQueryKey] as const;

/** Refetches every read in contentQueryKeys. */
export function refetchContent(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    contentQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** The moderators' reads (queue, count, hidden, log): a report or any moderator's action changes them. */
export const moderationQueryKey = ["moderation"] as const;
