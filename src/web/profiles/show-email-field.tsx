import type { FieldValues, Path } from "react-hook-form";
import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";

/** The profile's option whether signed-in members see the email; `hint` says who never does. */
export function ShowEmailField<T extends FieldValues & { show_email?: boolean }>({
  form,
  hint,
}: {
  form: AnyForm<T>;
  hint: string;
}) {
  // A field of T by its constraint, which TypeScript cannot see through Path<T>.
  const name = "show_email" as Path<T>;
  return (
    <Field kind="checkbox" label="Show my email to signed-in members" hint={hint}>
      {(control) => <input {...control} type="checkbox" {...form.register(name)} />}
    </Field>
  );
}
