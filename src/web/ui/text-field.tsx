import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { Field } from "./field.tsx";
import type { AnyForm } from "./form-errors.ts";

type Props<T extends FieldValues> = {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  hint?: ReactNode;
  /** See Field: a message about the whole form that concerns this field too. */
  formErrorId?: string | undefined;
  /** The most characters the server takes: counted live (Field's counter), never cut. */
  maxChars?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "id" | "maxLength">;

/** A one-line input registered on `form` under `name`, drawn by Field with that field's error. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  formErrorId,
  maxChars,
  ...input
}: Props<T>) {
  return (
    <Field
      label={label}
      hint={hint}
      formErrorId={formErrorId}
      {...registeredState(form, name, maxChars)}
    >
      {(control) => <input {...control} type="text" {...input} {...form.register(name)} />}
    </Field>
  );
}

/** The field's error and, with `maxChars`, its live character count. */
function registeredState<T extends FieldValues>(
  form: AnyForm<T>,
  name: Path<T>,
  maxChars?: number,
) {
  const { error } = form.getFieldState(name, form.formState);
  const value: unknown = maxChars === undefined ? "" : form.watch(name);
  const counter =
    maxChars === undefined
      ? undefined
      : { length: typeof value === "string" ? value.length : 0, max: maxChars };
  return { counter, error: error?.message };
}

/** A text of several lines registered on `form` under `name`, counted against `maxChars`. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  maxChars,
  rows,
}: Pick<Props<T>, "form" | "name" | "label"> & { maxChars: number; rows?: number }) {
  return (
    <Field label={label} {...registeredState(form, name, maxChars)}>
      {(control) => <textarea {...control} rows={rows} {...form.register(name)} />}
    </Field>
  );
}

/** An email address: always required, the keyboard and autofill for addresses. */
export function EmailField<T extends FieldValues>(props: Omit<Props<T>, "type">) {
  return <TextField type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** A password: says which one it is to the password manager. */
export function PasswordField<T extends FieldValues>(
  props: Omit<Props<T>, "type" | "autoComplete"> & {
    autoComplete: "current-password" | "new-password";
  },
) {
  return <TextField type="password" {...props} />;
}
