import { type SQL, sql } from "drizzle-orm";
import { normalSynonym } from "../../shared/skills.ts";
import { skills } from "../db/tables/skills.ts";
import { textArray } from "./text-array.ts";

/*
 * The skill vocabulary as SQL for other features' queries (issue 33, decision 031): what a chip or
 * a search's words name. Each is a subquery on the small skills table, evaluated once per query.
 */

/** Where a skill's name or one of its synonyms is one of `terms` (lower-cased). */
const namedByAny = (terms: string[]) =>
  sql`(lower(${skills.name}) = any(${textArray(terms)}) or ${skills.synonyms} && ${textArray(terms)})`;

/**
 * The skill a chip or filter names (its name first, else a synonym; any letter case, retired ones
 * too, so an old link still finds the people who list it): its id, or null.
 */
export function skillIdNamedBySql(term: string): SQL<number | null> {
  const lowered = normalSynonym(term);
  return sql<
    number | null
  >`(select ${skills.id} from ${skills} where ${namedByAny([lowered])} order by lower(${skills.name}) = ${lowered} desc, ${skills.position} limit 1)`;
}

/** The name of the skill `term` names (see skillIdNamedBySql), or null. */
export function skillNameNamedBySql(term: string): SQL<string | null> {
  const lowered = normalSynonym(term);
  return sql<
    string | null
  >`(select ${skills.name} from ${skills} where ${namedByAny([lowered])} order by lower(${skills.name}) = ${lowered} desc, ${skills.position} limit 1)`;
}

/** A search's words as terms: the whole phrase ("meal prep") and each word ("plumbing"). */
function termsOf(words: string): string[] {
  const phrase = normalSynonym(words);
  return [...new Set([phrase, ...phrase.split(" ")])].filter(Boolean);
}

/** The ids of the skills a search's words name (a name or a synonym, e.g. "leak" → Plumber). */
export function skillIdsNamedByWordsSql(words: string): SQL<number[]> {
  return sql<
    number[]
  >`array(select ${skills.id} from ${skills} where ${namedByAny(termsOf(words))})`;
}

/**
 * The names of the skills a search's words name, or that are close to them (typos: "plumbr" →
 * Plumber), retired ones too (profiles keep them): matched against profiles' skills.
 */
export function skillNamesNamedByWordsSql(words: string): SQL<string[]> {
  return sql<
    string[]
  >`array(select ${skills.name} from ${skills} where ${namedByAny(termsOf(words))} or ${words} <% ${skills.name})`;
}
