import type { ReactNode } from "react";

type SelectProps = {
  id: string;
  label: ReactNode;
  value: string | number | undefined;
  /** The choices after "Any" (the empty value). */
  options: readonly { value: string | number; label: ReactNode }[];
  onChange: (value: string) => void;
};

/** One list of a search's filters, "Any" first. */
export function SelectFilter({ id, label, value, options, onChange }: SelectProps) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The typed filters: the words and the topic. */
const TEXT_FILTERS = {
  q: {
    label: "Search",
    type: "search",
    maxLength: 200,
    placeholder: "A skill, a service, a name",
    className: "filter filter-words",
  },
  topic: {
    label: "Topic",
    type: "text",
    maxLength: 60,
    placeholder: "Any topic",
    className: "filter",
  },
} as const;

type TextProps = {
  id: string;
  name: keyof typeof TEXT_FILTERS;
  value: string;
  onChange: (value: string) => void;
  /** A <datalist>'s id: what the browser suggests as it is typed (the topic's skills, issue 33). */
  list?: string;
};

/** One typed filter: applied when the form is sent. */
export function TextFilter({ id, name, value, onChange, list }: TextProps) {
  const { label, className, ...input } = TEXT_FILTERS[name];
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        list={list}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
