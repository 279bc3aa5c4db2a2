import type { Db } from "../db/database.ts";
import { AppError } from "../http/app-error.ts";
import { checkSkillChoices } from "../skills/index.ts";

type Lists = { skills: readonly string[]; interests: readonly string[] };

/** What a new profile lists before its first choice. */
export const NO_SKILLS: Lists = { skills: [], interests: [] };

/**
 * The skills and interests a profile will list (issue 33): those requested, each checked against the
 * skill list (kept as the list spells them), or the current ones for a list left out. A name not on
 * the list is a 400 `unknown-skill` naming the item; a retired skill the profile has stays.
 */
export async function chosenSkills(
  db: Db,
  requested: { skills?: string[] | undefined; interests?: string[] | undefined },
  current: Lists,
): Promise<{ skills: string[]; interests: string[] }> {
  const checked = await checkSkillChoices(
    db,
    { skills: requested.skills, interests: requested.interests },
    { skills: current.skills, interests: current.interests },
  );
  if (!checked.ok) {
    throw new AppError(400, "unknown-skill", "Choose skills from the list.", {
      fields: checked.fields,
    });
  }
  return {
    skills: checked.lists.skills ?? [...current.skills],
    interests: checked.lists.interests ?? [...current.interests],
  };
}
