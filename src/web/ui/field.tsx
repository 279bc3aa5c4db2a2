import { type ReactNode, useId } from "react";
import { CharacterCounter, overLimitMessage } from "./character-counter.tsx";

/** What a field's control gets: its id, what describes it and whether it is marked invalid. */
type FieldControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type Props = {
  label: string;
  /**
   * "text" (the default): the label above the control. "checkbox": one checkbox, its label beside
   * it. "group": checkboxes or radios in a fieldset named by its legend, described as a whole;
   * "radios": the same, announced as a radio group (one choice of several).
   */
  kind?: "text" | "checkbox" | "group" | "radios";
  /** The label is still there for screen readers, where the control's place says what it is. */
  hideLabel?: boolean;
  hint?: ReactNode;
  /**
   * Counts the characters typed against the most allowed (CharacterCounter), after the hint; over
   * the limit the field is in error at once, before any submit.
   */
  counter?: { length: number; max: number } | undefined;
  error?: string | undefined;
  /** The id of a message about the whole form that concerns this field too: it describes the field and marks it invalid. */
  formErrorId?: string | undefined;
  /** The control, given its id and aria attributes; a group's options ignore them. */
  children: (control: FieldControl) => ReactNode;
};

/** The error shown (the given one, else a counter over its limit) and the control's attributes. */
function fieldAria(
  id: string,
  { hint, counter, error, formErrorId }: Pick<Props, "hint" | "counter" | "error" | "formErrorId">,
) {
  const shownError = error ?? (counter && overLimitMessage(counter.length, counter.max));
  const describedBy =
    [hint && `${id}-hint`, counter && `${id}-counter`, shownError && `${id}-error`, formErrorId]
      .filter(Boolean)
      .join(" ") || undefined;
  const control: FieldControl = {
    id,
    "aria-invalid": shownError || formErrorId ? true : undefined,
    "aria-describedby": describedBy,
  };
  return { shownError, describedBy, control };
}

/**
 * One field of a form, the only way the app draws one: label, control, hint, length counter and
 * error message, the control described by them and marked invalid with the error. One message per
 * error: a text over its limit says so here until a submit's message takes its place.
 */
export function Field({
  label,
  kind = "text",
  hideLabel = false,
  hint,
  counter,
  error,
  formErrorId,
  children,
}: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const { shownError, describedBy, control } = fieldAria(id, { hint, counter, error, formErrorId });
  const messages = (
    <>
      {hint && (
        <p id={hintId} className="muted field-hint">
          {hint}
        </p>
      )}
      {counter && <CharacterCounter id={counterId} length={counter.length} max={counter.max} />}
      {shownError && (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      )}
    </>
  );

  if (kind === "group" || kind === "radios") {
    return (
      <fieldset
        className="field"
        role={kind === "radios" ? "radiogroup" : undefined}
        aria-describedby={describedBy}
      >
        <legend>{label}</legend>
        {children(control)}
        {messages}
      </fieldset>
    );
  }
  if (kind === "checkbox") {
    return (
      <div className="field checkbox-field">
        <label htmlFor={id}>
          {children(control)}
          {label}
        </label>
        {messages}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      {children(control)}
      {messages}
    </div>
  );
}
