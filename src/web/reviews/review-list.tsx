import { Link } from "react-router";
import { RATING_MAX } from "../../shared/constants.ts";
import { ReportButton } from "../reports/index.ts";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import { useReviews } from "./api/get-reviews.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * The reviews about a user, newest first: title, 'Rating: n / 5', body, author and date, and Report
 * on others' reviews; one hidden by moderators (seen by its author or a moderator) says so.
 */
export function ReviewList({ username }: { username: string }) {
  const reviews = useReviews(username);

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
          <article className="review" aria-labelledby={`review-${review.id}`}>
            <h3 id={`review-${review.id}`}>{review.title}</h3>
            <p className="review-rating">
              Rating: {review.rating} / {RATING_MAX}
            </p>
            <p className="review-body">{review.body}</p>
            <div className="review-footer">
              <p className="muted review-meta">
                by <Link to={`/user/${review.username}`}>{review.username}</Link> ·{" "}
                <time dateTime={review.created_at}>
                  {dateFormat.format(new Date(review.created_at))}
                </time>
              </p>
              <ReportButton
                target={{ type: "review", id: String(review.id) }}
                author={review.username}
                describedBy={`review-${review.id}`}
                small
              />
            </div>
            {review.hidden && <HiddenNotice />}
          </article>
        </li>
      ))}
    </ul>
  );
}
