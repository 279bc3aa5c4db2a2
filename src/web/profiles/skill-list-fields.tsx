import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { useSkills } from "../skills/index.ts";
import { Field } from "../ui/field.tsx";

type Props = UseFormRegisterReturn & {
  legend: string;
  options: readonly string[];
  error?: string | undefined;
};

/**
 * A labelled group of skill/interest checkboxes, registered as one list field: the form reads the
 * checked ones in the options' order.
 */
function OptionCheckboxes({ legend, options, error, ...registration }: Props) {
  return (
    <Field kind="group" label={legend} error={error}>
      {() => (
        <div className="checkbox-grid">
          {options.map((option) => (
            <label key={option}>
              <input type="checkbox" value={option} {...registration} />
              {option}
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}

type SkillLists = FieldValues & { skills?: string[]; interests?: string[] };

const LISTS = [
  { name: "skills", legend: "Skills" },
  { name: "interests", legend: "Interests" },
] as const;

/**
 * A profile form's Skills and Interests: the skill list's active skills (issue 33), and after them
 * any the profile lists already that are no longer offered (a retired skill stays until unticked).
 */
export function SkillListFields<T extends SkillLists, Output>({
  form,
}: {
  form: UseFormReturn<T, unknown, Output>;
}) {
  const { skills } = useSkills();
  const offered = skills.map((skill) => skill.name);
  return LISTS.map(({ name, legend }) => {
    // Both lists are fields of T by its constraint, which TypeScript cannot see through Path<T>.
    const field = name as Path<T>;
    const kept = (form.formState.defaultValues?.[name] ?? []) as string[];
    const options = [...offered, ...kept.filter((value) => !offered.includes(value))];
    return (
      <OptionCheckboxes
        key={name}
        legend={legend}
        options={options}
        error={form.getFieldState(field, form.formState).error?.message}
        {...form.register(field)}
      />
    );
  });
}
