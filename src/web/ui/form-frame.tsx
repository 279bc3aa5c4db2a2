import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type AnyForm, formErrorOf } from "./form-errors.ts";

type Props<T extends FieldValues> = {
  form: AnyForm<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name. */
  label?: string;
  id?: string;
  /** Classes besides "form". */
  className?: string;
  submitLabel: string;
  /** While sending: the buttons wait. */
  pending: boolean;
  danger?: boolean;
  /** Said before the message about the whole attempt ("Profile not saved: "). */
  errorPrefix?: string;
  /** The id of that message, for fields it describes too (see Field's formErrorId). */
  errorId?: string;
  /** Shown between that message and the buttons. */
  notice?: ReactNode;
  /** Buttons after Submit. With them, or `buttonRow`, the buttons sit in a row at their own width. */
  moreButtons?: ReactNode;
  buttonRow?: boolean;
  children: ReactNode;
};

/**
 * What every form around its fields has: checked by the app, not the browser; the message about
 * the whole attempt (form-errors.ts) after the fields; the submit button, disabled while sending.
 */
export function FormFrame<T extends FieldValues>({
  form,
  onSubmit,
  label,
  id,
  className,
  submitLabel,
  pending,
  danger = false,
  errorPrefix,
  errorId,
  notice,
  moreButtons,
  buttonRow = moreButtons !== undefined,
  children,
}: Props<T>) {
  const formError = formErrorOf(form);
  const submit = (
    <button type="submit" className={danger ? "button button-danger" : "button"} disabled={pending}>
      {submitLabel}
    </button>
  );
  return (
    <form
      id={id}
      className={className ? `form ${className}` : "form"}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
    >
      {children}
      {formError && (
        <p id={errorId} role="alert" className="error-text">
          {errorPrefix}
          {formError}
        </p>
      )}
      {notice}
      {buttonRow ? (
        <div className="button-row">
          {submit}
          {moreButtons}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
