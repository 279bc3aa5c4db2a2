import { useId } from "react";
import { PostCard } from "../posts/index.ts";
import { NextPageButton } from "../ui/next-page-button.tsx";
import { type MemberPostsState, useMemberPosts } from "./api/get-member-posts.ts";

const HEADINGS: Record<MemberPostsState, string> = { open: "Open posts", past: "Past posts" };

/**
 * The member's posts on their profile (issue 32): "Open posts" (neither filled nor expired), then
 * "Past posts" (filled or expired) when there are any, as the feed's cards, 10 at a time.
 */
export function MemberPosts({ username }: { username: string }) {
  return (
    <>
      <MemberPostList username={username} state="open" />
      <MemberPostList username={username} state="past" />
    </>
  );
}

function MemberPostList({ username, state }: { username: string; state: MemberPostsState }) {
  const headingId = useId();
  const query = useMemberPosts(username, state);
  const posts = query.data?.pages.flatMap((page) => page.articles) ?? [];
  // Past posts only when there are some: most members have none.
  if (state === "past" && posts.length === 0) return null;
  return (
    <section className="card member-posts" aria-labelledby={headingId}>
      <h2 id={headingId}>{HEADINGS[state]}</h2>
      {query.isPending ? (
        <p className="muted">Loading...</p>
      ) : query.isError && !query.data ? (
        <p className="error-text">Could not load the posts. {query.error.message}</p>
      ) : posts.length === 0 ? (
        <p className="muted">No open posts.</p>
      ) : (
        <ul className="grid post-grid" aria-label={HEADINGS[state]}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} look="feed" />
            </li>
          ))}
        </ul>
      )}
      <NextPageButton pages={query}>Show more</NextPageButton>
    </section>
  );
}
