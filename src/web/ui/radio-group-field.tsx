import type { FieldValues, Path } from "react-hook-form";
import { Field } from "./field.tsx";
import type { AnyForm } from "./form-errors.ts";

type Props<T extends FieldValues, Value extends string> = {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  /** Each choice's label by its value, in the order shown. */
  options: Record<Value, string>;
};

/** One choice of several, as radios registered on `form` under `name`, with that field's error. */
export function RadioGroupField<T extends FieldValues, Value extends string>({
  form,
  name,
  label,
  options,
}: Props<T, Value>) {
  const { error } = form.getFieldState(name, form.formState);
  const values = Object.keys(options) as Value[];
  return (
    <Field kind="group" label={label} error={error?.message}>
      {() => (
        <div className="radio-row">
          {values.map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...form.register(name)} />
              {options[value]}
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}
