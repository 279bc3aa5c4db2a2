import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import { canReview, type PolicyActor } from "../../shared/policies.ts";
import { ReviewList } from "./review-list.tsx";
import "./reviews.css";

// Loaded when a reader reaches for it, so viewing a profile never waits for the form and its
// validation schemas (bench/lighthouse.ts).
const loadReviewForm = () => import("./review-form.tsx");
const ReviewForm = lazy(() => loadReviewForm().then((m) => ({ default: m.ReviewForm })));

type Props = {
  subject: { username: string };
  /** The viewer's own profile; null/undefined when signed out or before creating one. */
  viewer: PolicyActor;
  signedIn: boolean;
  sessionKnown: boolean;
};

/** The reviews block of a profile (SPEC §2): 'See Reviews' and, for others' profiles, 'Add Review'. */
export function ReviewsBlock({ subject, viewer, signedIn, sessionKnown }: Props) {
  const [showList, setShowList] = useState(false);
  const [showForm, setShowForm] = useState(false);
  const listId = useId();
  const formId = useId();
  const mayReview = canReview(viewer, subject);

  return (
    <section className="card reviews-block" aria-labelledby={`${listId}-heading`}>
      <h2 id={`${listId}-heading`}>Reviews</h2>
      <div className="button-row">
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={showList}
          aria-controls={listId}
          onClick={() => setShowList((shown) => !shown)}
        >
          See Reviews
        </button>
        {mayReview && (
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={showForm}
            aria-controls={formId}
            onPointerEnter={loadReviewForm}
            onFocus={loadReviewForm}
            onClick={() => setShowForm((shown) => !shown)}
          >
            Add Review
          </button>
        )}
      </div>
      {sessionKnown && !signedIn && (
        <p className="muted">
          <Link to="/login">Log in</Link> to add a review.
        </p>
      )}
      {sessionKnown && signedIn && !viewer && (
        <p className="muted">
          <Link to="/createYourUser">Create your profile</Link> to add a review.
        </p>
      )}
      <div id={formId}>
        {showForm && mayReview && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <ReviewForm subject={subject.username} onSent={() => setShowList(true)} />
          </Suspense>
        )}
      </div>
      <div id={listId}>{showList && <ReviewList username={subject.username} />}</div>
    </section>
  );
}
