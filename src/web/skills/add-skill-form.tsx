import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useAddSkill } from "./api/change-skill.ts";
import { skillFormSchema, skillRequestOf } from "./skill-form-schema.ts";
import { SynonymsField } from "./synonyms-field.tsx";

/** "Add a skill": a name and its synonyms; it goes last in the list, offered at once. */
export function AddSkillForm() {
  const add = useAddSkill();
  const { form, frame } = useMutationForm(add, {
    schema: skillFormSchema,
    defaultValues: { name: "", synonyms: "" },
    request: skillRequestOf,
    onSuccess: ({ skill }) => {
      notify(`${skill.name} added.`, "success");
      form.reset();
    },
  });
  return (
    <FormFrame {...frame} label="Add a skill" submitLabel="Add skill" className="skill-form">
      <TextField form={form} name="name" label="Name" maxChars={40} autoComplete="off" />
      <SynonymsField
        form={form}
        hint="Words people use for it, separated by commas: plumbing, leak, pipes"
      />
    </FormFrame>
  );
}
