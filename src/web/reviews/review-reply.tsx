import { lazy, Suspense } from "react";
import { canReplyToReview, type PolicyActor } from "../../shared/policies.ts";
import type { Review } from "../../shared/reviews.ts";
import { ReportButton } from "../reports/index.ts";
import { PreloadingButton } from "../ui/preloading-button.tsx";
import { useDeleteReply } from "./api/review-reply.ts";
import { ReviewBody } from "./review-body.tsx";
import { ReviewDates } from "./review-dates.tsx";
import { SmallDeleteButton } from "./small-delete-button.tsx";

// Only the member reviewed ever opens it: nobody else loads the form.
export const loadReplyForm = () => import("./reply-form.tsx");
const ReplyForm = lazy(() => loadReplyForm().then((m) => ({ default: m.ReplyForm })));

type Props = {
  review: Review;
  viewer: PolicyActor;
  /** The reviewed member is writing (or rewriting) the reply. */
  writing: boolean;
  onWrite: () => void;
  onDone: () => void;
};

/**
 * Under a review: the reply form while the reviewed member writes; else their reply ("Reply from …"),
 * its date, with Edit and Delete for them and Report for others.
 */
export function ReviewReplySection({ review, viewer, writing, onWrite, onDone }: Props) {
  const deletion = useDeleteReply(review);
  const { reply } = review;
  const labelId = `review-${review.id}-reply`;

  if (writing) {
    return (
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <ReplyForm review={review} onDone={onDone} />
      </Suspense>
    );
  }
  if (!reply) return null;
  return (
    <section className="review-reply" aria-labelledby={labelId}>
      <p className="review-reply-label" id={labelId}>
        Reply from {review.created_about}
      </p>
      <p className="muted review-meta">
        <ReviewDates created={reply.created_at} edited={reply.edited_at} />
      </p>
      <ReviewBody text={reply.body} hidden={reply.hidden} />
      <div className="review-actions">
        {canReplyToReview(viewer, review) ? (
          <>
            <PreloadingButton
              className="button button-ghost button-small"
              describedBy={labelId}
              preload={loadReplyForm}
              onClick={onWrite}
            >
              Edit
            </PreloadingButton>
            <SmallDeleteButton
              describedBy={labelId}
              question="Delete your reply?"
              explanation={<p>Your reply goes for good; the review stays.</p>}
              deletion={deletion}
              successText="reply deleted"
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
    </section>
  );
}
