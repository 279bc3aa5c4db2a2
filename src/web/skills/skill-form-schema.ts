import { z } from "zod";
import { SYNONYMS_MAX, skillNameSchema, synonymsFromText } from "../../shared/skills.ts";

/** The moderators' skill forms: a name, and synonyms typed as words separated by commas. */
export const skillFormSchema = z.object({
  name: skillNameSchema,
  synonyms: z
    .string()
    .refine(
      (text) => synonymsFromText(text).length <= SYNONYMS_MAX,
      `At most ${SYNONYMS_MAX} synonyms`,
    ),
});
export type SkillFormValues = z.infer<typeof skillFormSchema>;

/** What the API takes from the form's values. */
export const skillRequestOf = (values: SkillFormValues) => ({
  name: values.name,
  synonyms: synonymsFromText(values.synonyms),
});
