import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { SEARCH_DISTANCES_KM, type SearchDistanceKm } from "../../shared/place-texts.ts";
import { POST_TYPES, type PostType } from "../../shared/post-types.ts";
import { SKILL_NAME_MAX } from "../../shared/skills.ts";

/**
 * A search's words and filters as the address carries them (/search?q=…&type=…, /feed?topic=…), so
 * a search can be shared and reloaded. Empty text is absent.
 */
export type SearchFilters = {
  q?: string;
  type?: PostType;
  topic?: string;
  /** A skill's name (or synonym): the posts and people of that skill (issue 33). */
  skill?: string;
  /** A town picked from the list (its GeoNames id): distances and ranking measure from it. */
  near?: number;
  within?: SearchDistanceKm;
};

export const FILTER_NAMES = ["q", "type", "topic", "skill", "near", "within"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

function oneOf<T extends string | number>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => String(option) === value);
}

/** A place's id as the app writes it (digits, within a GeoNames id's range), else undefined. */
function placeId(value: string | null): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * The filters an address holds. What the app would never write (a type it lacks, 7 km) is left
 * out, so an edited link still shows results rather than an error.
 */
export function readFilters(params: URLSearchParams): SearchFilters {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const filters: SearchFilters = {};
  const q = text("q");
  const topic = text("topic");
  const type = oneOf(POST_TYPES, params.get("type"));
  const skill = text("skill")?.slice(0, SKILL_NAME_MAX);
  const within = oneOf(SEARCH_DISTANCES_KM, params.get("within"));
  const near = placeId(params.get("near"));
  if (q) filters.q = q;
  if (type) filters.type = type;
  if (topic) filters.topic = topic;
  if (skill) filters.skill = skill;
  if (near) filters.near = near;
  if (within) filters.within = within;
  return filters;
}

/** The query string of `filters` (in FILTER_NAMES order, empty ones left out), without the "?". */
export function filtersQuery(filters: SearchFilters, names: readonly FilterName[] = FILTER_NAMES) {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = filters[name];
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return params.toString();
}

/** The address's filters, and a way to change them (a new history entry, so Back undoes it). */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters = (next: SearchFilters) => setParams(new URLSearchParams(filtersQuery(next)));
  return { filters, setFilters };
}
