import { SKILL_OPTIONS } from "../../shared/constants.ts";

type Props = {
  legend: string;
  name: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
};

/** A labelled group of the seven skill/interest checkboxes; keeps the options' order. */
export function OptionCheckboxes({ legend, name, selected, onChange, error }: Props) {
  const errorId = `${name}-error`;
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(option);
    else next.delete(option);
    onChange(SKILL_OPTIONS.filter((o) => next.has(o)));
  };
  return (
    <fieldset className="field" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="checkbox-grid">
        {SKILL_OPTIONS.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={selected.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {option}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
