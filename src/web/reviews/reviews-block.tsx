import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { canReview, type PolicyActor } from "../../shared/policies.ts";
import type { Review } from "../../shared/reviews.ts";
import { SignInLink } from "../auth/index.ts";
import { useOwnReview } from "./api/get-reviews.ts";
import { ReviewList } from "./review-list.tsx";
import "./reviews.css";

// Loaded when a reader reaches for it, so viewing a profile never waits for the form and its
// validation schemas (bench/lighthouse.ts).
const loadReviewForm = () => import("./review-form.tsx");
const ReviewForm = lazy(() => loadReviewForm().then((m) => ({ default: m.ReviewForm })));

/** The fragment of a profile's address that opens its reviews. */
const REVIEWS_ANCHOR = "#reviews";

type Props = {
  subject: { username: string };
  /** The viewer's own profile; null/undefined when signed out or before creating one. */
  viewer: PolicyActor;
  signedIn: boolean;
  sessionKnown: boolean;
};

/**
 * The reviews block of a profile (SPEC §2): 'See Reviews' and, for others' profiles, 'Add Review',
 * which reads "Edit your review" once the viewer has written one (one review per member).
 * The form closes once sent.
 */
export function ReviewsBlock({ subject, viewer, signedIn, sessionKnown }: Props) {
  // Opened by an address that points at the reviews (a notification's link: …#reviews).
  const { hash } = useLocation();
  const [showList, setShowList] = useState(hash === REVIEWS_ANCHOR);
  // The review the open form edits (undefined: a new one), as it was when the form opened.
  const [form, setForm] = useState<{ editing: Review | undefined } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const formId = useId();
  const mayReview = canReview(viewer, subject);
  // Whether they reviewed already: their review alone, as it may be on any page of the list.
  const ownReview = useOwnReview(subject.username, viewer?.username, { enabled: mayReview });
  const own = mayReview ? (ownReview.data ?? undefined) : undefined;
  // An edit form whose review was deleted meanwhile has nothing left to edit.
  const formOpen = mayReview && form !== null && (!form.editing || own !== undefined);
  const close = () => {
    setForm(null);
    toggle.current?.focus();
  };

  return (
    <section
      id={REVIEWS_ANCHOR.slice(1)}
      className="card reviews-block"
      aria-labelledby={`${listId}-heading`}
    >
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
            ref={toggle}
            type="button"
            className="button button-ghost"
            aria-expanded={formOpen}
            aria-controls={formId}
            // Until the server says whether they reviewed already, which button this is is unknown.
            disabled={ownReview.isLoading}
            onPointerEnter={loadReviewForm}
            onFocus={loadReviewForm}
            onClick={() => setForm(formOpen ? null : { editing: own })}
          >
            {own ? "Edit your review" : "Add Review"}
          </button>
        )}
      </div>
      {sessionKnown && !signedIn && (
        <p className="muted">
          <SignInLink /> to add a review.
        </p>
      )}
      {sessionKnown && signedIn && !viewer && (
        <p className="muted">
          <Link to="/createYourUser">Create your profile</Link> to add a review.
        </p>
      )}
      <div id={formId}>
        {formOpen && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <ReviewForm
              subject={subject.username}
              editing={form.editing}
              onSent={() => {
                close();
                setShowList(true);
              }}
              onCancel={close}
            />
          </Suspense>
        )}
      </div>
      <div id={listId}>
        {showList && <ReviewList username={subject.username} onOwnReviewDeleted={close} />}
      </div>
    </section>
  );
}
