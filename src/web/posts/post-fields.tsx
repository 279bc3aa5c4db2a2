import { useId } from "react";
import type { FieldErrors } from "react-hook-form";
import type { Area } from "../../shared/places.ts";
import { POST_TYPE_LABELS } from "../../shared/post-types.ts";
import { type CreatePostInput, POST_LIMITS } from "../../shared/posts.ts";
import { AreaField } from "../places/index.ts";
import { SkillSuggestions } from "../skills/index.ts";
import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";
import { RadioGroupField } from "../ui/radio-group-field.tsx";

const TEXT_FIELDS = [
  { name: "title", label: "Title" },
  { name: "topic", label: "Topic" },
  { name: "body", label: "Body" },
] as const;

/** The topic is picked from the skill list (and synonyms) as it is typed, or any text (issue 33). */
const TOPIC_HINT = "Pick a skill from the suggestions, or type your own topic";

/** Characters as the server counts a post's (code points: an emoji is one). */
const codePoints = (text: string | undefined) => Array.from(text ?? "").length;

/**
 * A post's fields, the same when adding one (the feed) and editing it (its page): Title, Topic,
 * Body, Type and Area, over a form checked with createPostSchema. The texts are counted as they
 * are typed, so one over its limit says so at once, not after Submit.
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
  const texts = form.watch(["title", "topic", "body"]);
  const topicsId = useId();
  return (
    <>
      {TEXT_FIELDS.map(({ name, label }, index) => (
        <Field
          key={name}
          label={label}
          hint={name === "topic" ? TOPIC_HINT : undefined}
          counter={{ length: codePoints(texts[index]), max: POST_LIMITS[name] }}
          error={errors[name]?.message}
        >
          {(control) =>
            name === "body" ? (
              <textarea {...control} required rows={5} {...form.register(name)} />
            ) : (
              <input
                {...control}
                type="text"
                autoComplete="off"
                required
                list={name === "topic" ? topicsId : undefined}
                {...form.register(name)}
              />
            )
          }
        </Field>
      ))}
      <SkillSuggestions id={topicsId} />
      <RadioGroupField form={form} name="type" label="Type" options={POST_TYPE_LABELS} />
      <AreaField form={form} name="area_id" label="Area" hint={areaHint} initial={initialArea} />
    </>
  );
}
