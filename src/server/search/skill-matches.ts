import { type SQL, sql } from "drizzle-orm";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import {
  skillIdNamedBySql,
  skillIdsNamedByWordsSql,
  skillNameNamedBySql,
  skillNamesNamedByWordsSql,
} from "../skills/index.ts";
import type { SearchText } from "./search-text.ts";

/*
 * What a search matches through the skill vocabulary (issue 33, decision 031): the WHERE side only;
 * ranking stays search-repository's. A post carries the skill its topic names (articles.skill_id);
 * a member lists skills by name (profiles.skills).
 */

/** The posts whose topic names the skill `skill` names ("Plumber" or "plumbing": Plumber's posts). */
export const postsOfSkillSql = (skill: string): SQL =>
  sql`${posts.skillId} = ${skillIdNamedBySql(skill)}`;

/** The people who list the skill `skill` names. */
export const peopleOfSkillSql = (skill: string): SQL =>
  sql`${profiles.skills} @> array[${skillNameNamedBySql(skill)}]::text[]`;

/** The posts of the skills the words name ("leak" finds the posts about plumbing). */
export const postsOfSkillWordsSql = (text: SearchText): SQL =>
  sql`${posts.skillId} = any(${skillIdsNamedByWordsSql(text.plain)})`;

/** The people who list a skill the words name, or one close to them (typos: "plumbr"). */
export const peopleOfSkillWordsSql = (text: SearchText): SQL =>
  sql`${profiles.skills} && ${skillNamesNamedByWordsSql(text.plain)}`;
