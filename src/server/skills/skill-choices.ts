import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { skills } from "../db/tables/skills.ts";

/** A member's lists as the server keeps them, or the fields naming what is not on the skill list. */
export type SkillChoices<K extends string> =
  | { ok: true; lists: Record<K, string[]> }
  | { ok: false; fields: Record<string, string> };

/**
 * Checks a profile's skills and interests against the skill list (issue 33): each must be an active
 * skill's name (any letter case; kept as the list spells it), or one the profile lists already (a
 * retired skill stays on the profiles that have it). `kept` is what the profile lists now.
 */
export async function checkSkillChoices<K extends string>(
  db: Db,
  requested: Partial<Record<K, string[]>>,
  kept: Record<K, readonly string[]>,
): Promise<SkillChoices<K>> {
  const active = await db
    .select({ name: skills.name })
    .from(skills)
    .where(eq(skills.status, "active"));
  const byLower = new Map(active.map(({ name }) => [name.toLowerCase(), name]));
  const lists = {} as Record<K, string[]>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(kept) as K[]) {
    const values = requested[key];
    if (values === undefined) continue;
    lists[key] = values.map((value, index) => {
      if (kept[key].includes(value)) return value;
      const name = byLower.get(value.toLowerCase());
      if (name === undefined) {
        fields[`${key}.${index}`] = `Item ${index + 1} is not on the skill list`;
        return value;
      }
      return name;
    });
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, lists };
}
