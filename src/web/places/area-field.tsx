import { useState } from "react";
import { type FieldValues, type Path, type PathValue, useController } from "react-hook-form";
import type { Area } from "../../shared/places.ts";
import type { AnyForm } from "../ui/form-errors.ts";
import { type ChosenPlace, PlaceCombobox } from "./place-combobox.tsx";

type Props<T extends FieldValues> = {
  form: AnyForm<T>;
  /** The form's field holding the chosen place's id, null for none (areaIdSchema). */
  name: Path<T>;
  label: string;
  hint?: string;
  /**
   * The area the field starts with (the member's own), shown by name; the form's default value
   * must be its id.
   */
  initial: Area | null;
};

/**
 * A form's area: the place autocomplete, its choice kept in the form as the place's id (null when
 * cleared), its errors (the server's "is not a known place" too) and focus those of any field.
 */
export function AreaField<T extends FieldValues>({ form, name, label, hint, initial }: Props<T>) {
  const { field, fieldState } = useController({ name, control: form.control });
  const [chosen, setChosen] = useState<ChosenPlace | null>(initial);
  // A start that arrives later (the session, after the form opened) shows, unless one was chosen.
  const [start, setStart] = useState(initial?.id ?? null);
  if (start !== (initial?.id ?? null)) {
    setStart(initial?.id ?? null);
    if (!fieldState.isDirty) setChosen(initial);
  }
  return (
    <PlaceCombobox
      label={label}
      hint={hint}
      error={fieldState.error?.message}
      value={chosen}
      inputRef={field.ref}
      onChange={(place) => {
        setChosen(place);
        field.onChange((place?.id ?? null) as PathValue<T, Path<T>>);
      }}
    />
  );
}
