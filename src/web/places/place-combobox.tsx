import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useState } from "react";
import { areaLabel, placeLabel } from "../../shared/place-texts.ts";
import type { Area, Place } from "../../shared/places.ts";
import { PLACE_QUERY_MIN } from "../../shared/places.ts";
import { Field } from "../ui/field.tsx";
import { usePlaces } from "./api/get-places.ts";
import "./places.css";

/** A chosen place: one from the list (with its region), or an area already stored. */
export type ChosenPlace = Place | Area;

const labelOf = (place: ChosenPlace) => ("region" in place ? placeLabel(place) : areaLabel(place));

type Props = {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: ChosenPlace | null;
  onChange: (place: Place | null) => void;
  /** The input, for a form that takes the focus to a field in error. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A town from the gazetteer, chosen by typing its name (ARIA 1.2 combobox, list autocomplete with
 * the first suggestion active): ↓/↑ move through the suggestions, Enter takes one, Escape closes
 * the list. Text that is not a chosen place never stays: leaving the field puts the chosen town's
 * name back, or clears the choice when the field was emptied. "Clear" removes the choice.
 */
export function PlaceCombobox({ label, hint, error, value, onChange, inputRef }: Props) {
  const chosenLabel = value ? labelOf(value) : "";
  const [text, setText] = useState(chosenLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const places = usePlaces(open ? text : "");
  const typed = text.trim();
  const options = open && typed.length >= PLACE_QUERY_MIN ? (places.data?.places ?? []) : [];
  const activeIndex = options.length > 0 ? Math.min(active, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  // A choice made elsewhere (the form reset, a saved profile) shows in the field.
  useEffect(() => setText(chosenLabel), [chosenLabel]);

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: "nearest" });
  });

  function choose(place: Place) {
    setText(placeLabel(place));
    setOpen(false);
    onChange(place);
  }

  function clear() {
    setText("");
    setOpen(false);
    onChange(null);
  }

  /** ↓/↑: opens the list, else moves through the suggestions, round at either end. */
  function move(step: 1 | -1) {
    if (!open) setOpen(true);
    else if (options.length > 0) setActive((activeIndex + step + options.length) % options.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && activeIndex >= 0) {
      const place = options[activeIndex];
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  function onBlur() {
    setOpen(false);
    if (typed === "" && value) onChange(null);
    else setText(chosenLabel);
  }

  const status = open ? statusText(typed, places, options.length) : "";
  const expanded = options.length > 0;

  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="place-combobox">
          <div className="place-combobox-row">
            <input
              {...control}
              ref={inputRef}
              type="text"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              onBlur={onBlur}
            />
            {value && (
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Clear ${label}`}
                onClick={clear}
              >
                Clear
              </button>
            )}
          </div>
          <PlaceOptions
            listId={listId}
            label={label}
            hidden={!expanded}
            options={options}
            activeIndex={activeIndex}
            optionId={optionId}
            choose={choose}
          />
          <p role="status" className={expanded ? "visually-hidden" : "muted place-status"}>
            {status}
          </p>
        </div>
      )}
    </Field>
  );
}

/** What the status line says while the list is open. */
function statusText(typed: string, places: ReturnType<typeof usePlaces>, count: number): string {
  if (typed.length < PLACE_QUERY_MIN) {
    return `Type at least ${PLACE_QUERY_MIN} letters of your town's name.`;
  }
  if (places.isError) return "The list of places could not be loaded. Please try again.";
  if (!places.data || places.isPlaceholderData || places.settled !== typed) {
    return "Looking for places...";
  }
  if (count === 0) return `No town starts with "${typed}".`;
  return `${count} ${count === 1 ? "place" : "places"} found: choose with the arrow keys and Enter.`;
}

/** The suggestions' listbox; the input keeps the focus and handles the keys. */
function PlaceOptions({
  listId,
  label,
  hidden,
  options,
  activeIndex,
  optionId,
  choose,
}: {
  listId: string;
  label: string;
  hidden: boolean;
  options: Place[];
  activeIndex: number;
  optionId: (index: number) => string;
  choose: (place: Place) => void;
}) {
  // Pressing an option must not blur the input first, or the list would close under it.
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={`${label} suggestions`}
      className="place-options"
      hidden={hidden}
      onMouseDown={(event) => event.preventDefault()}
    >
      {options.map((place, index) => (
        // The input keeps the focus and handles the keys (aria-activedescendant); a click picks too.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys
        <div
          key={place.id}
          id={optionId(index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === activeIndex}
          onClick={() => choose(place)}
        >
          {placeLabel(place)}
        </div>
      ))}
    </div>
  );
}
