import type { FieldErrors } from "react-hook-form";
import { type CreatePostInput, POST_EXPIRY_DAYS } from "../../shared/posts.ts";
import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";

/** How long a new post stays in the feed and search (issue 32): 30, 60 or 90 days. */
export function ExpiryField({ form }: { form: AnyForm<CreatePostInput> }) {
  const errors: FieldErrors<CreatePostInput> = form.formState.errors;
  return (
    <Field
      label="Show it for"
      hint="Then it leaves the feed and search. We ask you 3 days before, and you can keep it longer."
      error={errors.expires_in_days?.message}
    >
      {(control) => (
        <select {...control} {...form.register("expires_in_days", { valueAsNumber: true })}>
          {POST_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
