import { useEffect, useRef, useState } from "react";

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  failed: boolean;
  onLoadMore: () => void;
};

/**
 * The end of the feed: older posts load by themselves as it scrolls into view, and with the
 * 'Load more' button for keyboards and screen readers. After a failed page it waits for the button.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, failed, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: "0px 0px 300px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Still in view after a page arrived (a tall screen): keep loading until it is not.
  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage && !failed) onLoadMore();
  }, [inView, hasNextPage, isFetchingNextPage, failed, onLoadMore]);

  return (
    <div ref={sentinel} className="feed-more">
      {failed && (
        <p role="alert" className="error-text">
          Could not load older posts. Please try again.
        </p>
      )}
      {hasNextPage && (
        <button
          type="button"
          className="button button-ghost"
          onClick={onLoadMore}
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage}
        >
          Load more
        </button>
      )}
      <p role="status" className="muted">
        {isFetchingNextPage
          ? "Loading more posts..."
          : hasNextPage
            ? ""
            : "That's all the posts for now."}
      </p>
    </div>
  );
}
