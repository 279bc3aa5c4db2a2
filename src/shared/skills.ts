import { z } from "zod";

/*
 * The skill vocabulary (issue 33, decision 031): SPEC's seven skills are the seeded default list
 * (constants.ts SKILL_OPTIONS, in SPEC's order); moderators add, rename and retire skills and edit
 * their synonyms at /moderation/skills. Members choose skills from the active list; a post's topic
 * is matched against names and synonyms (any letter case) and carries the skill it names.
 */

export const SKILL_NAME_MAX = 40;
export const SYNONYM_MAX = 40;
export const SYNONYMS_MAX = 30;
/** How many skills (or interests) a profile may list. */
export const PROFILE_SKILLS_MAX = 20;

export const SKILL_STATUSES = ["active", "retired"] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];

/** A skill as every list shows it. */
export const skillSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Lower-cased words that mean the skill ("plumbing", "leak" for "Plumber"). */
  synonyms: z.array(z.string()),
  status: z.enum(SKILL_STATUSES),
});
export type Skill = z.infer<typeof skillSchema>;

/** GET /api/skills (active ones, in order; with `include=retired`, moderators get every skill). */
export const skillsResponseSchema = z.object({ skills: z.array(skillSchema) });
export type SkillsResponse = z.infer<typeof skillsResponseSchema>;

export const skillsQuerySchema = z.object({ include: z.enum(["retired"]).optional() });

/** No control characters (tabs, new lines, NUL): a name is one line of text. */
const isPlainText = (value: string) => !/\p{Cc}/u.test(value);

export const skillNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(SKILL_NAME_MAX, `Name must be at most ${SKILL_NAME_MAX} characters`)
  .refine(isPlainText, "Name must be plain text");

/** A synonym as stored: trimmed, inner spaces folded, lower-cased. */
export function normalSynonym(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Synonyms: each trimmed and lower-cased, blanks and repeats dropped. */
export const synonymsSchema = z
  .array(
    z
      .string()
      .max(SYNONYM_MAX, `Each synonym must be at most ${SYNONYM_MAX} characters`)
      .refine(isPlainText, "Synonyms must be plain text"),
  )
  .max(SYNONYMS_MAX, `At most ${SYNONYMS_MAX} synonyms`)
  .transform((values) => [...new Set(values.map(normalSynonym).filter(Boolean))]);

/** What a synonyms text field holds: words separated by commas. */
export function synonymsFromText(text: string): string[] {
  return [...new Set(text.split(",").map(normalSynonym).filter(Boolean))];
}

/** POST /api/skills (moderators): a new skill, last in the list. */
export const createSkillBodySchema = z.object({
  name: skillNameSchema,
  synonyms: synonymsSchema.default([]),
});
export type CreateSkillInput = z.input<typeof createSkillBodySchema>;

/** PATCH /api/skills/:id (moderators): rename (the old name becomes a synonym), synonyms, retire. */
export const updateSkillBodySchema = z.object({
  name: skillNameSchema.optional(),
  synonyms: synonymsSchema.optional(),
  status: z.enum(SKILL_STATUSES).optional(),
});
export type UpdateSkillInput = z.input<typeof updateSkillBodySchema>;

export const skillParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
});

export const skillResponseSchema = z.object({ skill: skillSchema });

/** The skill a topic or a chip names: its name or one of its synonyms, any letter case. */
export function skillNamedBy(skills: readonly Skill[], text: string): Skill | undefined {
  const term = normalSynonym(text);
  if (!term) return undefined;
  return (
    skills.find((skill) => skill.name.toLowerCase() === term) ??
    skills.find((skill) => skill.synonyms.includes(term))
  );
}
