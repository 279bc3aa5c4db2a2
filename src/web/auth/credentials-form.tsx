import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { Credentials } from "../../shared/auth.ts";

type Props = {
  submitLabel: string;
  pending: boolean;
  passwordAutoComplete: "current-password" | "new-password";
  onSubmit: (credentials: Credentials) => void;
  /** Messages shown under a field and announced with it (aria-describedby). */
  fieldErrors?: { email?: string | undefined; password?: string | undefined };
  /** A message about the whole attempt, shown above the button and described by both fields. */
  formError?: string | null;
  passwordHint?: ReactNode;
};

/** Email and password, labelled, usable with the keyboard alone; the button waits while sending. */
export function CredentialsForm({
  submitLabel,
  pending,
  passwordAutoComplete,
  onSubmit,
  fieldErrors = {},
  formError,
  passwordHint,
}: Props) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const ids = {
    email: `${id}-email`,
    emailError: `${id}-email-error`,
    password: `${id}-password`,
    passwordHint: `${id}-password-hint`,
    passwordError: `${id}-password-error`,
    formError: `${id}-form-error`,
  };
  const describedBy = (...candidates: (string | false | undefined | null)[]) =>
    candidates.filter(Boolean).join(" ") || undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit({ email, password });
  };

  return (
    <form className="form auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ids.email}>Email</label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldErrors.email || formError ? true : undefined}
          aria-describedby={describedBy(
            fieldErrors.email && ids.emailError,
            formError && ids.formError,
          )}
        />
        {fieldErrors.email && (
          <p id={ids.emailError} className="field-error">
            {fieldErrors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.password}>Password</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={fieldErrors.password || formError ? true : undefined}
          aria-describedby={describedBy(
            passwordHint ? ids.passwordHint : undefined,
            fieldErrors.password && ids.passwordError,
            formError && ids.formError,
          )}
        />
        {passwordHint && (
          <p id={ids.passwordHint} className="muted field-hint">
            {passwordHint}
          </p>
        )}
        {fieldErrors.password && (
          <p id={ids.passwordError} className="field-error">
            {fieldErrors.password}
          </p>
        )}
      </div>
      {formError && (
        <p id={ids.formError} className="error-text">
          {formError}
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
