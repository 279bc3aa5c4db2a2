import { useCallback } from "react";
import { PostCard } from "../posts/index.ts";
import { type FeedFilters, useFeedPosts } from "./api/get-filtered-posts.ts";
import { flattenPosts } from "./api/get-posts.ts";
import { EmptyFeed } from "./empty-feed.tsx";
import { LoadMore } from "./load-more.tsx";

type Props = {
  filters?: FeedFilters;
  /** False while the filters cannot be read yet (a distance before the session is known). */
  ready?: boolean;
  onStartPosting?: (() => void) | undefined;
  onClearFilters?: () => void;
};

export function PostList({ filters = {}, ready = true, onStartPosting, onClearFilters }: Props) {
  const query = useFeedPosts(filters, ready);
  const { fetchNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);
  const filtered = Object.keys(filters).length > 0;

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
  if (posts.length === 0) {
    if (!filtered) return <EmptyFeed onStartPosting={onStartPosting} />;
    return (
      <div className="card feed-message">
        <h2>No results</h2>
        <p>No post matches these filters. Try removing some of them.</p>
        {onClearFilters && (
          <button type="button" className="button" onClick={onClearFilters}>
            Remove the filters
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="grid post-grid" aria-label="Posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} look="feed" />
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
