import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { SKILL_OPTIONS } from "../../shared/constants.ts";
import { Field } from "../ui/field.tsx";

type Props = UseFormRegisterReturn & { legend: string; error?: string | undefined };

/**
 * A labelled group of the seven skill/interest checkboxes, registered as one list field: the form
 * reads the checked ones in the options' order.
 */
function OptionCheckboxes({ legend, error, ...registration }: Props) {
  return (
    <Field kind="group" label={legend} error={error}>
      {() => (
        <div className="checkbox-grid">
          {SKILL_OPTIONS.map((option) => (
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

/** A profile form's Skills and Interests. */
export function SkillListFields<T extends SkillLists, Output>({
  form,
}: {
  form: UseFormReturn<T, unknown, Output>;
}) {
  return LISTS.map(({ name, legend }) => {
    // Both lists are fields of T by its constraint, which TypeScript cannot see through Path<T>.
    const field = name as Path<T>;
    return (
      <OptionCheckboxes
        key={name}
        legend={legend}
        error={form.getFieldState(field, form.formState).error?.message}
        {...form.register(field)}
      />
    );
  });
}
