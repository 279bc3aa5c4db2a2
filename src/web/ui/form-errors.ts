import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "../api/client.ts";

/** Any form over the fields `T`, whatever its context and output: only the fields matter here. */
// biome-ignore lint/suspicious/noExplicitAny: any context and output
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/**
 * Puts the server's messages for fields (a refused request's `error.fields`,
 * src/shared/api-error.ts) on the form's fields: "skills.1" on skills, the first message for a
 * field wins, names the form does not have are left out. Says whether any was put, so the caller
 * can otherwise say something about the whole attempt (setFormError).
 */
export function setApiFieldErrors<T extends FieldValues>(
  form: AnyForm<T>,
  error: unknown,
  { focus = false } = {},
): boolean {
  const byField = new Map<string, string>();
  for (const [path, message] of Object.entries(error instanceof ApiError ? error.fields : {})) {
    const field = path.split(".")[0] ?? path;
    if (!byField.has(field)) byField.set(field, message);
  }
  // In the form's order, so the focus goes to the first field in error.
  const names = Object.keys(form.getValues()).filter((name) => byField.has(name));
  names.forEach((name, index) => {
    form.setError(
      name as Path<T>,
      { type: "server", message: byField.get(name) },
      { shouldFocus: focus && index === 0 },
    );
  });
  return names.length > 0;
}

/** A refusal on the fields it names, else as a message about the whole attempt. */
export function showRefusal<T extends FieldValues>(
  form: AnyForm<T>,
  error: Error,
  { focus = true } = {},
): void {
  if (!setApiFieldErrors(form, error, { focus })) setFormError(form, error.message);
}

/** A message about the whole attempt; cleared by the next submit. */
export function setFormError<T extends FieldValues>(form: AnyForm<T>, message: string): void {
  form.setError("root.server", { type: "server", message });
}

export function formErrorOf<T extends FieldValues>(form: AnyForm<T>): string | undefined {
  return form.formState.errors.root?.server?.message;
}
