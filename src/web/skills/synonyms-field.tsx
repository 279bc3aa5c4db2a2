import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";
import type { SkillFormValues } from "./skill-form-schema.ts";

/** A skill's synonyms, words separated by commas: a few lines, so a long list reads whole. */
export function SynonymsField({ form, hint }: { form: AnyForm<SkillFormValues>; hint: string }) {
  const { error } = form.getFieldState("synonyms", form.formState);
  return (
    <Field label="Synonyms" hint={hint} error={error?.message}>
      {(control) => <textarea {...control} rows={2} {...form.register("synonyms")} />}
    </Field>
  );
}
