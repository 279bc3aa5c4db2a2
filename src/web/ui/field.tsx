import { type ReactNode, useId } from "react";

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
   * it. "group": checkboxes or radios in a fieldset named by its legend, described as a whole.
   */
  kind?: "text" | "checkbox" | "group";
  /** The label is still there for screen readers, where the control's place says what it is. */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Counts the characters typed against the most allowed, in the hint's place. */
  counter?: { length: number; max: number } | undefined;
  error?: string | undefined;
  /** The id of a message about the whole form that concerns this field too: it describes the field and marks it invalid. */
  formErrorId?: string | undefined;
  /** The control, given its id and aria attributes; a group's options ignore them. */
  children: (control: FieldControl) => ReactNode;
};

/**
 * One field of a form, the only way the app draws one: label, control, hint (or length counter)
 * and error message, the control described by the hint and the error and marked invalid with it.
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
  const shownHint = counter ? `${counter.length} / ${counter.max} characters` : hint;
  const describedBy =
    [shownHint && hintId, error && errorId, formErrorId].filter(Boolean).join(" ") || undefined;
  const control: FieldControl = {
    id,
    "aria-invalid": error || formErrorId ? true : undefined,
    "aria-describedby": describedBy,
  };
  const messages = (
    <>
      {shownHint && (
        <p id={hintId} className="muted field-hint">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );

  if (kind === "group") {
    return (
      <fieldset className="field" aria-describedby={describedBy}>
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
