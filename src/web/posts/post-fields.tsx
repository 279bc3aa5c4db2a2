import type { FieldErrors } from "react-hook-form";
import type { Area } from "../../shared/places.ts";
import { POST_TYPE_LABELS, POST_TYPES } from "../../shared/post-types.ts";
import type { CreatePostInput } from "../../shared/posts.ts";
import { AreaField } from "../places/index.ts";
import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";

const TEXT_FIELDS = [
  { name: "title", label: "Title" },
  { name: "topic", label: "Topic" },
  { name: "body", label: "Body" },
] as const;

/**
 * A post's fields, the same when adding one (the feed) and editing it (its page): Title, Topic,
 * Body, Type and Area, over a form checked with createPostSchema.
 */
export function PostFields({
  form,
  areaHint,
  initialArea,
}: {
  form: AnyForm<CreatePostInput>;
  areaHint: string;
  /** The area the field starts with, shown by name; the form's default `area_id` is its id. */
  initialArea: Area | null;
}) {
  const errors: FieldErrors<CreatePostInput> = form.formState.errors;
  return (
    <>
      {TEXT_FIELDS.map(({ name, label }) => (
        <Field key={name} label={label} error={errors[name]?.message}>
          {(control) =>
            name === "body" ? (
              <textarea {...control} required rows={5} {...form.register(name)} />
            ) : (
              <input
                {...control}
                type="text"
                autoComplete="off"
                required
                {...form.register(name)}
              />
            )
          }
        </Field>
      ))}
      <Field kind="group" label="Type" error={errors.type?.message}>
        {() => (
          <div className="radio-row">
            {POST_TYPES.map((type) => (
              <label key={type}>
                <input type="radio" value={type} {...form.register("type")} />
                {POST_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        )}
      </Field>
      <AreaField form={form} name="area_id" label="Area" hint={areaHint} initial={initialArea} />
    </>
  );
}
