import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { RATING_DEFAULT } from "../../shared/constants.ts";
import {
  createReviewBodySchema,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  type Review,
} from "../../shared/reviews.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextAreaField, TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useSaveReview } from "./api/save-review.ts";
import { StarRating } from "./star-rating.tsx";

const FAILED = "Review Failed to Send:";
const NOT_SAVED = "Review not saved:";
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
 * Title, review body and a 1–5 rating (default 5, stars); on success the form resets and `onSent`
 * runs (the block closes it). With `editing`, the viewer's review to change, and a Cancel. A refusal
 * shows once: on its fields, or above the button after SPEC §8's 'Review Failed to Send'.
 */
export function ReviewForm({ subject, editing, onSent, onCancel }: Props) {
  const failed = editing ? NOT_SAVED : FAILED;
  const { form, frame } = useMutationForm(useSaveReview(subject, editing), {
    schema: reviewFieldsSchema,
    focusFirstError: true,
    defaultValues: editing
      ? { title: editing.title, body: editing.body, rating: editing.rating }
      : { title: "", body: "", rating: RATING_DEFAULT },
    onSuccess: () => {
      notify(editing ? "review updated" : "review sent", "success");
      form.reset();
      onSent();
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
      <TextField form={form} name="title" label="Title" maxChars={REVIEW_TITLE_MAX_LENGTH} />
      <TextAreaField form={form} name="body" label="Review" maxChars={REVIEW_BODY_MAX_LENGTH} />
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRating
            name={field.name}
            value={field.value ?? RATING_DEFAULT}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormFrame>
  );
}
