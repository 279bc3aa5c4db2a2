import { useSession } from "../auth/index.ts";
import { useReviews } from "./api/get-reviews.ts";
import { ReviewItem } from "./review-item.tsx";

type Props = {
  username: string;
  /** After the viewer deleted their own review (the block gives its button the focus). */
  onOwnReviewDeleted?: () => void;
};

/**
 * The reviews about a user, newest first (ReviewItem); one hidden by moderators (seen by its author
 * or a moderator) says so.
 */
export function ReviewList({ username, onOwnReviewDeleted }: Props) {
  const reviews = useReviews(username);
  const viewer = useSession().data?.profile;

  if (reviews.isPending) return <p className="muted">Loading...</p>;
  if (reviews.isError) {
    return (
      <div>
        <p className="error-text">We couldn't load the reviews: {reviews.error.message}</p>
        <button type="button" className="button button-ghost" onClick={() => reviews.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (reviews.data.length === 0) return <p className="muted">No Reviews Yet</p>;

  return (
    <ul className="review-list" aria-label={`Reviews about ${username}`}>
      {reviews.data.map((review) => (
        <li key={review.id}>
          <ReviewItem review={review} viewer={viewer} onDeleted={onOwnReviewDeleted} />
        </li>
      ))}
    </ul>
  );
}
