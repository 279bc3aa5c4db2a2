import { type FormEvent, useId, useState } from "react";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN } from "../../shared/constants.ts";
import {
  createReviewBodySchema,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
} from "../../shared/reviews.ts";
import { ApiError } from "../api/client.ts";
import { topLevelFieldErrors, zodFieldErrors } from "../profiles/field-errors.ts";
import { notify } from "../ui/notify.tsx";
import { useCreateReview } from "./api/create-review.ts";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Title, review body and a 1–5 rating (default 5); on success the form resets. */
export function ReviewForm({ subject, onSent }: { subject: string; onSent: () => void }) {
  const id = useId();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReview();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createReviewBodySchema.safeParse({
      created_about: subject,
      title,
      body,
      rating,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify("review sent", "success");
        setTitle("");
        setBody("");
        setRating(RATING_DEFAULT);
        onSent();
      },
      onError: (error) => {
        const reason = error instanceof Error ? error.message : "Please try again.";
        if (error instanceof ApiError) setErrors(topLevelFieldErrors(error.fields));
        setFailure(reason);
        notify(`Review Failed to Send: ${reason}`, "error");
      },
    });
  };

  const describedBy = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    );

  return (
    <form className="form review-form" onSubmit={onSubmit} noValidate aria-label="Add a review">
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          type="text"
          name="title"
          value={title}
          maxLength={REVIEW_TITLE_MAX_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy("title")}
        />
        {fieldError("title")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>Review</label>
        <textarea
          id={`${id}-body`}
          name="body"
          value={body}
          maxLength={REVIEW_BODY_MAX_LENGTH}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy("body")}
        />
        {fieldError("body")}
      </div>
      <fieldset className="field" aria-describedby={describedBy("rating")}>
        <legend>Rating</legend>
        <div className="rating-options">
          {RATINGS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              {value}
            </label>
          ))}
        </div>
        {fieldError("rating")}
      </fieldset>
      {failure && <p className="error-text">Review Failed to Send: {failure}</p>}
      <div>
        <button type="submit" className="button" disabled={create.isPending}>
          Add a Review
        </button>
      </div>
    </form>
  );
}
