import type { Skill } from "../../shared/skills.ts";
import type { SkillRow } from "./skills-repository.ts";

/** A skill on the wire: its id, name, synonyms and status (its position is the list's order). */
export function presentSkill(row: SkillRow): Skill {
  return { id: row.id, name: row.name, synonyms: row.synonyms, status: row.status };
}
