import { useState } from "react";
import { Link } from "react-router";
import { RATING_MAX } from "../../shared/constants.ts";
import { canChangeReview, canReplyToReview, type PolicyActor } from "../../shared/policies.ts";
import type { Review } from "../../shared/reviews.ts";
import { ReportButton } from "../reports/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { PreloadingButton } from "../ui/preloading-button.tsx";
import { useDeleteReview } from "./api/delete-review.ts";
import { ContactBadge } from "./contact-badge.tsx";
import { HeldNotice } from "./held-notice.tsx";
import { ReviewBody } from "./review-body.tsx";
import { ReviewDates } from "./review-dates.tsx";
import { loadReplyForm, ReviewReplySection } from "./review-reply.tsx";
import { SmallDeleteButton } from "./small-delete-button.tsx";

type Props = { review: Review; viewer: PolicyActor; onDeleted?: (() => void) | undefined };

/**
 * One review: its author (avatar and name, to their profile) and date, "Met through a
 * conversation" when contact-backed, title, when a held one becomes visible (its author only),
 * 'Rating: n / 5' and body; Delete on the viewer's own (asked first), Report on others', Reply for the member reviewed
 * while there is no reply; then the reply.
 */
export function ReviewItem({ review, viewer, onDeleted }: Props) {
  const [replying, setReplying] = useState(false);
  const deletion = useDeleteReview(review);
  const titleId = `review-${review.id}`;
  const mayReply = canReplyToReview(viewer, review) && review.reply === null && !replying;
  return (
    // Focusable from script: the list moves the focus to the first review of a page it adds.
    <article className="review" aria-labelledby={titleId} tabIndex={-1} data-review-id={review.id}>
      <div className="review-author">
        <Avatar name={review.username} imageUrl={review.author_img_url} size={36} />
        <div>
          <p className="review-author-name">
            <Link to={`/user/${review.username}`}>{review.username}</Link>
          </p>
          <p className="muted review-meta">
            <ReviewDates created={review.created_at} edited={review.edited_at} />
          </p>
        </div>
      </div>
      {review.contact_backed && (
        <p className="review-badges">
          <ContactBadge />
        </p>
      )}
      <h3 id={titleId}>{review.title}</h3>
      {review.visible_from && <HeldNotice visibleFrom={review.visible_from} />}
      <p className="review-rating">
        Rating: {review.rating} / {RATING_MAX}
      </p>
      <ReviewBody text={review.body} hidden={review.hidden} />
      <div className="review-actions">
        {canChangeReview(viewer, review) ? (
          <SmallDeleteButton
            describedBy={titleId}
            question="Delete your review?"
            explanation={
              <p>Your review and any reply to it go for good. You can write a new one later.</p>
            }
            deletion={deletion}
            successText="review deleted"
            onDone={onDeleted}
          />
        ) : (
          <ReportButton
            target={{ type: "review", id: String(review.id) }}
            author={review.username}
            describedBy={titleId}
            small
          />
        )}
        {mayReply && (
          <PreloadingButton
            className="button button-ghost button-small"
            describedBy={titleId}
            preload={loadReplyForm}
            onClick={() => setReplying(true)}
          >
            Reply
          </PreloadingButton>
        )}
      </div>
      <ReviewReplySection
        review={review}
        viewer={viewer}
        writing={replying}
        onWrite={() => setReplying(true)}
        onDone={() => setReplying(false)}
      />
    </article>
  );
}
