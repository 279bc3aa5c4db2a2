import { useCallback } from "react";
import { flattenArticles, useArticles } from "./api/get-articles.ts";
import { ArticleCard } from "./article-card.tsx";
import { EmptyFeed } from "./empty-feed.tsx";
import { LoadMore } from "./load-more.tsx";

export function ArticleList({ onStartPosting }: { onStartPosting?: (() => void) | undefined }) {
  const query = useArticles();
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

  const articles = flattenArticles(query.data);
  if (articles.length === 0) return <EmptyFeed onStartPosting={onStartPosting} />;
  return (
    <>
      <ul className="grid article-grid" aria-label="Posts">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} />
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
