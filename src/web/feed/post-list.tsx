import { useCallback } from "react";
import { flattenPosts, usePosts } from "./api/get-posts.ts";
import { EmptyFeed } from "./empty-feed.tsx";
import { LoadMore } from "./load-more.tsx";
import { PostCard } from "./post-card.tsx";

export function PostList({ onStartPosting }: { onStartPosting?: (() => void) | undefined }) {
  const query = usePosts();
  const { fetchNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  if (query.isPending) {
    return (
      <p role="status" className="muted">
        Loading...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="card feed-message">
        <p className="error-text">Could not load the posts. {query.error.message}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const posts = flattenPosts(query.data);
  if (posts.length === 0) return <EmptyFeed onStartPosting={onStartPosting} />;
  return (
    <>
      <ul className="grid post-grid" aria-label="Posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onLoadMore={loadMore}
      />
    </>
  );
}
