import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";

type Options<Input extends FieldValues, Output> = {
  /**
   * The schema the server checks the request with (src/shared), so both say the same. Without one
   * the server is the only judge: the sign-in form, whose page then loads no zod.
   */
  schema?: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** Takes the keyboard to the first field in error after a refused submit. */
  focusFirstError?: boolean;
};

/**
 * The one way a form is built (react-hook-form, loaded with the form screens only): checked on
 * submit by the shared schema, which hands over its output (trimmed, lower-cased, defaulted); the
 * messages stay until the next submit. Fields use ui/field.tsx, the server's refusals form-errors.ts.
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  focusFirstError = false,
}: Options<Input, Output>): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: schema && zodResolver(schema),
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: focusFirstError,
  });
}
