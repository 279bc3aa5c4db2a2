import { useEffect, useRef, useState } from "react";
import { useSession } from "../auth/index.ts";
import { flattenReviews, useReviewPages } from "./api/get-reviews.ts";
import { ReviewItem } from "./review-item.tsx";

type Props = {
  username: string;
  /** After the viewer deleted their own review (the block gives its button the focus). */
  onOwnReviewDeleted?: () => void;
};

/**
 * The reviews about a user, newest first (ReviewItem), a page at a time: 'More reviews' after them
 * while there are older ones. One hidden by moderators (seen by its author or a moderator) says so.
 */
export function ReviewList({ username, onOwnReviewDeleted }: Props) {
  const reviews = useReviewPages(username);
  const viewer = useSession().data?.profile;
  const list = useRef<HTMLUListElement>(null);
  // Where the reader was when they pressed 'More reviews': the review shown last and how many pages
  // there were. Once the next page is in, the review after that one gets the focus, so keyboard and
  // screen reader users read on where the new reviews start. A failed page leaves the focus on the
  // button, which stays for another try.
  const [readOn, setReadOn] = useState<{ after: number; pages: number } | null>(null);
  const pageCount = reviews.data?.pages.length ?? 0;
  const loadingMore = reviews.isFetchingNextPage;

  useEffect(() => {
    if (!readOn || pageCount <= readOn.pages) return;
    setReadOn(null);
    const articles = [...(list.current?.querySelectorAll<HTMLElement>("article.review") ?? [])];
    const last = articles.findIndex((article) => article.dataset.reviewId === String(readOn.after));
    (articles[last + 1] ?? articles.at(-1))?.focus();
  }, [readOn, pageCount]);

  if (reviews.isPending) return <p className="muted">Loading...</p>;
  if (!reviews.data) {
    return (
      <div>
        <p className="error-text">We couldn't load the reviews: {reviews.error?.message}</p>
        <button type="button" className="button button-ghost" onClick={() => reviews.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const shown = flattenReviews(reviews.data);
  if (shown.length === 0 && !reviews.hasNextPage) return <p className="muted">No Reviews Yet</p>;

  const loadMore = () => {
    const last = shown.at(-1);
    if (loadingMore || !last) return;
    setReadOn({ after: last.id, pages: pageCount });
    void reviews.fetchNextPage({ cancelRefetch: false });
  };
  return (
    <>
      <ul
        ref={list}
        className="review-list"
        aria-label={`Reviews about ${username}`}
        aria-busy={loadingMore}
      >
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} viewer={viewer} onDeleted={onOwnReviewDeleted} />
          </li>
        ))}
      </ul>
      {reviews.isFetchNextPageError && (
        <p role="alert" className="error-text">
          Could not load more reviews. Please try again.
        </p>
      )}
      {reviews.hasNextPage && (
        // aria-disabled, not disabled: a disabled button would drop the focus while it loads.
        <button
          type="button"
          className="button button-ghost review-more"
          aria-disabled={loadingMore}
          onClick={loadMore}
        >
          {loadingMore ? "Loading..." : "More reviews"}
        </button>
      )}
    </>
  );
}
