import type { FieldValues, Path } from "react-hook-form";
import type { AnyForm } from "../ui/form-errors.ts";
import { PasswordField } from "../ui/text-field.tsx";
import { NEW_PASSWORD_HINT } from "./password-hint.ts";

/** "New password", with what the server's password policy asks for as its hint. */
export function NewPasswordField<T extends FieldValues>({
  form,
  name,
}: {
  form: AnyForm<T>;
  name: Path<T>;
}) {
  return (
    <PasswordField
      form={form}
      name={name}
      label="New password"
      hint={NEW_PASSWORD_HINT}
      autoComplete="new-password"
      required
    />
  );
}
