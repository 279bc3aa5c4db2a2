import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN } from "../../shared/constants.ts";
import {
  createReviewBodySchema,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  type Review,
} from "../../shared/reviews.ts";
import { Field } from "../ui/field.tsx";
import { setApiFieldErrors, setFormError } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useSaveReview } from "./api/save-review.ts";

const FAILED = "Review Failed to Send:";
const NOT_SAVED = "Review not saved:";
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
/** What the form asks; who the review is about is the profile it is on. */
const reviewFieldsSchema = createReviewBodySchema.omit({ created_about: true });

type Props = {
  subject: string;
  /** The viewer's own review: the form edits it, prefilled. Without it, a new review. */
  editing?: Review | undefined;
  onSent: () => void;
  onCancel?: () => void;
};

/**
 * Title, review body and a 1–5 rating (default 5); on success the form resets and `onSent` runs
 * (the block closes it). With `editing`, the viewer's review to change, and a Cancel.
 */
export function ReviewForm({ subject, editing, onSent, onCancel }: Props) {
  const failed = editing ? NOT_SAVED : FAILED;
  const { form, frame } = useMutationForm(useSaveReview(subject, editing), {
    schema: reviewFieldsSchema,
    defaultValues: editing
      ? { title: editing.title, body: editing.body, rating: editing.rating }
      : { title: "", body: "", rating: RATING_DEFAULT },
    onSuccess: () => {
      notify(editing ? "review updated" : "review sent", "success");
      form.reset();
      onSent();
    },
    onError: (error) => {
      setApiFieldErrors(form, error);
      setFormError(form, error.message);
      notify(`${failed} ${error.message}`, "error");
    },
  });

  // Opened by the block's button: typing starts in the form.
  useEffect(() => form.setFocus("title"), [form]);
  return (
    <FormFrame
      {...frame}
      label={editing ? "Edit your review" : "Add a review"}
      className="review-form"
      submitLabel={editing ? "Save review" : "Add a Review"}
      errorPrefix={`${failed} `}
      buttonRow
      moreButtons={
        onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        )
      }
    >
      <TextField form={form} name="title" label="Title" maxLength={REVIEW_TITLE_MAX_LENGTH} />
      <Field label="Review" error={form.formState.errors.body?.message}>
        {(control) => (
          <textarea {...control} maxLength={REVIEW_BODY_MAX_LENGTH} {...form.register("body")} />
        )}
      </Field>
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <Field kind="group" label="Rating" error={fieldState.error?.message}>
            {() => (
              <div className="rating-options">
                {RATINGS.map((value) => (
                  <label key={value}>
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                    />
                    {value}
                  </label>
                ))}
              </div>
            )}
          </Field>
        )}
      />
    </FormFrame>
  );
}
