import type { UseMutationResult } from "@tanstack/react-query";
import { useRef } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { ClientErrorCode, ErrorCode } from "../../shared/error-codes.ts";
import { ApiError } from "../api/client.ts";
import { showRefusal } from "./form-errors.ts";
import { useSchemaForm } from "./use-schema-form.ts";

type Options<Input extends FieldValues, Output extends FieldValues, Variables, Data> = {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /** The request from the checked values; without it the mutation takes the values themselves. */
  request?: (values: Output) => Variables;
  onSuccess?: (data: Data, values: Output) => unknown;
  /** Refusals the screen answers itself (a dead link, no mail), by their code. */
  refusals?: Partial<Record<ErrorCode | ClientErrorCode, () => void>>;
  /** Any other refusal; by default it goes on the fields it names, else above the button. */
  onError?: (error: Error) => void;
  /** Takes the keyboard to the first field in error after a refused submit (useSchemaForm). */
  focusFirstError?: boolean;
};

/**
 * A form (useSchemaForm) that sends its checked values through `mutation`, one request at a time:
 * a second submit while one is on its way (a double click, Enter twice) is dropped, even before
 * the disabled button is drawn. `frame` is what its FormFrame needs besides its texts: the form,
 * the submit handler and whether a request is on its way. A refusal is said once: on the fields
 * it names, else above the button (showRefusal), never in a notice as well. The handlers may use
 * the returned `form`: they run after it exists.
 */
export function useMutationForm<
  Input extends FieldValues,
  Output extends FieldValues,
  Variables,
  Data,
>(
  mutation: UseMutationResult<Data, Error, Variables>,
  {
    schema,
    defaultValues,
    request,
    onSuccess,
    refusals = {},
    onError,
    focusFirstError = false,
  }: Options<Input, Output, Variables, Data>,
) {
  const form: UseFormReturn<Input, unknown, Output> = useSchemaForm({
    schema,
    defaultValues,
    focusFirstError,
  });
  // isPending is drawn on the next render; this knows at once.
  const sending = useRef(false);
  const onSubmit = form.handleSubmit((values) => {
    if (sending.current || mutation.isPending) return;
    sending.current = true;
    // Without `request` the mutation's variables are the values (see Options).
    mutation.mutate(request ? request(values) : (values as unknown as Variables), {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (data) => onSuccess?.(data, values),
      onError: (error) => {
        const answer = error instanceof ApiError ? refusals[error.code] : undefined;
        if (answer) answer();
        else if (onError) onError(error);
        else showRefusal(form, error);
      },
    });
  });
  return { form, frame: { form, onSubmit, pending: mutation.isPending } };
}
