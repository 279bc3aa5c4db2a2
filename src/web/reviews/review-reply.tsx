import { lazy, Suspense, useState } from "react";
import { canReplyToReview, type PolicyActor } from "../../shared/policies.ts";
import type { Review } from "../../shared/reviews.ts";
import { ReportButton } from "../reports/index.ts";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import { useDeleteReply } from "./api/review-reply.ts";
import { ConfirmDeleteButton } from "./confirm-delete-button.tsx";
import { ReviewDates } from "./review-dates.tsx";

// Only the member reviewed ever opens it: nobody else loads the form.
const loadReplyForm = () => import("./reply-form.tsx");
const ReplyForm = lazy(() => loadReplyForm().then((m) => ({ default: m.ReplyForm })));

type Props = { review: Review; viewer: PolicyActor };

/**
 * Under a review: the reviewed member's reply ("Reply from …") with Edit and Delete for them and
 * Report for others; or, for the reviewed member while there is none, "Reply".
 */
export function ReviewReplySection({ review, viewer }: Props) {
  const [writing, setWriting] = useState(false);
  const deletion = useDeleteReply(review);
  const mine = canReplyToReview(viewer, review);
  const { reply } = review;
  const labelId = `review-${review.id}-reply`;

  if (writing) {
    return (
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <ReplyForm review={review} onDone={() => setWriting(false)} />
      </Suspense>
    );
  }
  if (!reply) {
    if (!mine) return null;
    return (
      <div className="review-actions">
        <button
          type="button"
          className="button button-ghost button-small"
          aria-describedby={`review-${review.id}`}
          onPointerEnter={loadReplyForm}
          onFocus={loadReplyForm}
          onClick={() => setWriting(true)}
        >
          Reply
        </button>
      </div>
    );
  }
  return (
    <section className="review-reply" aria-labelledby={labelId}>
      <p className="review-reply-label" id={labelId}>
        Reply from {review.created_about}
      </p>
      <p className="review-body">{reply.body}</p>
      <div className="review-footer">
        <p className="muted review-meta">
          <ReviewDates created={reply.created_at} edited={reply.edited_at} />
        </p>
        <div className="review-actions">
          {mine ? (
            <>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-describedby={labelId}
                onPointerEnter={loadReplyForm}
                onFocus={loadReplyForm}
                onClick={() => setWriting(true)}
              >
                Edit
              </button>
              <ConfirmDeleteButton
                question="Delete your reply?"
                explanation="Your reply goes for good; the review stays."
                done="reply deleted"
                remove={deletion.mutateAsync}
                pending={deletion.isPending}
                describedBy={labelId}
              />
            </>
          ) : (
            <ReportButton
              target={{ type: "review-reply", id: String(review.id) }}
              author={review.created_about}
              describedBy={labelId}
              small
            />
          )}
        </div>
      </div>
      {reply.hidden && <HiddenNotice />}
    </section>
  );
}
