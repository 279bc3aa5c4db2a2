import { type ComponentProps, type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { SEARCH_DISTANCES_KM } from "../../shared/place-texts.ts";
import { POST_TYPE_LABELS, POST_TYPES } from "../../shared/post-types.ts";
import { SkillSuggestions, useSkills } from "../skills/index.ts";
import { SelectFilter, TextFilter } from "./filter-controls.tsx";
import {
  type FilterName,
  filtersQuery,
  readFilters,
  type SearchFilters,
  useUrlFilters,
} from "./search-params.ts";
import { TownFilter } from "./town-filter.tsx";
import { useDistanceCentre, useOwnArea } from "./use-applied-filters.ts";
import "./filters.css";

const TYPE_OPTIONS = POST_TYPES.map((type) => ({ value: type, label: POST_TYPE_LABELS[type] }));
const DISTANCE_OPTIONS = SEARCH_DISTANCES_KM.map((km) => ({ value: km, label: `Within ${km} km` }));

/** The skill list's names as choices, and the address's skill too when the list lacks it. */
function useSkillChoices(current: string | undefined) {
  const names = useSkills().skills.map((skill) => skill.name);
  if (current && !names.some((name) => name.toLowerCase() === current.toLowerCase())) {
    names.push(current);
  }
  return names.map((name) => ({ value: name, label: name }));
}

type Props = {
  /** The form's accessible name (a search landmark). */
  label: string;
  /** The controls shown, in this order (the words, "q", first when there). */
  fields: readonly FilterName[];
  submitLabel: string;
};

/**
 * A search's words and filters, kept in the address (search-params.ts). A choice in a list applies
 * at once; typed text (the words, the topic) when the form is sent. The town (`near`), where
 * shown, is picked from the place list by anyone, signed in or out. The distance filter is there
 * when there is a centre: the town picked, else a member's area; members without either get a
 * link to choose their area.
 */
/** The town the address names, when this form shows the town picker. */
const shownNear = (fields: readonly FilterName[], near: number | undefined) =>
  fields.includes("near") ? near : undefined;

export function FiltersForm({ label, fields, submitLabel }: Props) {
  const { filters, setFilters } = useUrlFilters();
  const ownArea = useOwnArea();
  const centre = useDistanceCentre(shownNear(fields, filters.near));
  const skillChoices = useSkillChoices(filters.skill);
  const id = useId();
  const [q, setQ] = useState(filters.q ?? "");
  const [topic, setTopic] = useState(filters.topic ?? "");

  // Another search (the top bar's, Back) shows its words here.
  useEffect(() => setQ(filters.q ?? ""), [filters.q]);
  useEffect(() => setTopic(filters.topic ?? ""), [filters.topic]);

  const shown = (name: FilterName) => fields.includes(name);
  const apply = (changes: SearchFilters) => setFilters({ ...filters, ...changes });
  function pickTown(near: number | undefined) {
    const next: SearchFilters = { ...filters, near };
    // A distance needs a centre: without the town, the member's area, else none.
    if (near === undefined && !ownArea.area) next.within = undefined;
    setFilters(next);
  }
  function select(name: "type" | "skill" | "within", value: string) {
    const params = new URLSearchParams(filtersQuery(filters));
    if (value) params.set(name, value);
    else params.delete(name);
    setFilters(readFilters(params));
  }
  const selectFilter = (
    name: "type" | "skill" | "within",
    label: string,
    options: ComponentProps<typeof SelectFilter>["options"],
  ) =>
    shown(name) && (
      <SelectFilter
        id={`${id}-${name}`}
        label={label}
        value={filters[name]}
        options={options}
        onChange={(value) => select(name, value)}
      />
    );
  const filtered = fields.some((name) => name !== "q" && filters[name] !== undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({ q: shown("q") ? q.trim() || undefined : filters.q, topic: topic.trim() || undefined });
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: jsdom's roles (Testing Library) and older screen readers know no <search>
    <form role="search" aria-label={label} className="filters card" onSubmit={submit} noValidate>
      {shown("q") && <TextFilter id={`${id}-q`} name="q" value={q} onChange={setQ} />}
      {selectFilter("type", "Type", TYPE_OPTIONS)}
      {shown("topic") && (
        <>
          <TextFilter
            id={`${id}-topic`}
            name="topic"
            value={topic}
            onChange={setTopic}
            list={`${id}-topics`}
          />
          <SkillSuggestions id={`${id}-topics`} />
        </>
      )}
      {selectFilter("skill", "Skill", skillChoices)}
      {shown("near") && <TownFilter near={filters.near} onChange={pickTown} />}
      {shown("within") &&
        (centre
          ? selectFilter(
              "within",
              centre.name ? `Distance from ${centre.name}` : "Distance",
              DISTANCE_OPTIONS,
            )
          : ownArea.username &&
            !filters.near && (
              <p className="filter filter-note muted">
                <Link to={`/user/${encodeURIComponent(ownArea.username)}`}>
                  Set your area on your profile
                </Link>{" "}
                to find talents near you.
              </p>
            ))}
      <div className="filter filter-buttons">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {filtered && (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setFilters(filters.q ? { q: filters.q } : {})}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
