import type { Skill } from "../../shared/skills.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { MutationButton } from "../ui/mutation-button.tsx";
import { notify } from "../ui/notify.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useUpdateSkill } from "./api/change-skill.ts";
import { skillFormSchema, skillRequestOf } from "./skill-form-schema.ts";
import { SynonymsField } from "./synonyms-field.tsx";

/**
 * One skill on /moderation/skills: its name and synonyms, editable (a rename keeps the old name as a
 * synonym), and Retire or Offer again.
 */
export function SkillEntry({ skill }: { skill: Skill }) {
  const update = useUpdateSkill();
  const status = useUpdateSkill();
  const { form, frame } = useMutationForm(update, {
    schema: skillFormSchema,
    defaultValues: { name: skill.name, synonyms: skill.synonyms.join(", ") },
    request: (values) => ({ id: skill.id, ...skillRequestOf(values) }),
    onSuccess: ({ skill: saved }) => {
      notify(`${saved.name} saved.`, "success");
      form.reset({ name: saved.name, synonyms: saved.synonyms.join(", ") });
    },
  });
  const retired = skill.status === "retired";
  return (
    <li className={retired ? "card skill-entry skill-retired" : "card skill-entry"}>
      <h3>
        {skill.name}
        {retired && <span className="chip">Retired</span>}
      </h3>
      <FormFrame
        {...frame}
        label={`Edit ${skill.name}`}
        submitLabel="Save"
        className="skill-form"
        moreButtons={
          <MutationButton
            mutation={status}
            variables={{ id: skill.id, status: retired ? "active" : "retired" }}
            successText={retired ? `${skill.name} is offered again.` : `${skill.name} retired.`}
          >
            {retired ? "Offer again" : "Retire"}
          </MutationButton>
        }
      >
        <TextField form={form} name="name" label="Name" maxChars={40} autoComplete="off" />
        <SynonymsField form={form} hint="Separated by commas" />
      </FormFrame>
    </li>
  );
}
