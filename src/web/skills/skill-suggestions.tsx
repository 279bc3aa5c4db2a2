import type { Skill } from "../../shared/skills.ts";
import { useSkills } from "./api/skills-query.ts";

/** Each skill's name, then its synonyms: what a topic field suggests as it is typed. */
export function suggestionWords(skills: readonly Skill[]): string[] {
  const words = new Map<string, string>();
  for (const skill of skills) words.set(skill.name.toLowerCase(), skill.name);
  for (const skill of skills) {
    for (const synonym of skill.synonyms) if (!words.has(synonym)) words.set(synonym, synonym);
  }
  return [...words.values()];
}

/**
 * The skills and their synonyms as a <datalist>, for a text input's `list`: the browser suggests
 * the ones matching what is typed (a native, accessible combobox), and any other text still goes.
 */
export function SkillSuggestions({ id }: { id: string }) {
  const { skills } = useSkills();
  return (
    <datalist id={id}>
      {suggestionWords(skills).map((word) => (
        <option key={word} value={word} />
      ))}
    </datalist>
  );
}
