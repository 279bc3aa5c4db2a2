import { Controller } from "react-hook-form";
import { RATING_DEFAULT, RATING_MAX, RATING_MIN } from "../../shared/constants.ts";
import {
  createReviewBodySchema,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
} from "../../shared/reviews.ts";
import { Field } from "../ui/field.tsx";
import { setApiFieldErrors, setFormError } from "../ui/form-errors.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useCreateReview } from "./api/create-review.ts";

const FAILED = "Review Failed to Send:";
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Title, review body and a 1–5 rating (default 5); on success the form resets. */
export function ReviewForm({ subject, onSent }: { subject: string; onSent: () => void }) {
  const { form, frame } = useMutationForm(useCreateReview(), {
    schema: createReviewBodySchema,
    defaultValues: { created_about: subject, title: "", body: "", rating: RATING_DEFAULT },
    onSuccess: () => {
      notify("review sent", "success");
      form.reset();
      onSent();
    },
    onError: (error) => {
      setApiFieldErrors(form, error);
      setFormError(form, error.message);
      notify(`${FAILED} ${error.message}`, "error");
    },
  });

  return (
    <FormFrame
      {...frame}
      label="Add a review"
      className="review-form"
      submitLabel="Add a Review"
      errorPrefix={`${FAILED} `}
      buttonRow
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
