import { type FormEvent, useId, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { createProfileBodySchema } from "../../shared/profiles.ts";
import { ApiError } from "../api/client.ts";
import { topLevelFieldErrors, zodFieldErrors } from "../profiles/field-errors.ts";
import { OptionCheckboxes } from "../profiles/option-checkboxes.tsx";
import { dismissNotices, notify } from "../ui/notify.tsx";
import { useCreateProfile } from "./api/create-profile.ts";
import { useSession } from "./use-session.ts";
import "./auth.css";

/** /createYourUser: username, skills and interests for a signed-in identity without a profile. */
export function CreateProfilePage() {
  const session = useSession();
  if (session.isPending) return <p className="muted">Loading...</p>;
  if (session.isError) {
    return (
      <section className="card auth-card">
        <h1>Create your profile</h1>
        <p className="error-text">An error occurred while checking authentication.</p>
        <button type="button" className="button" onClick={() => session.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!session.data.user) {
    return (
      <section className="card auth-card">
        <title>Create your profile · Your Local Talents</title>
        <h1>Create your profile</h1>
        <p>Sign in or register first, then choose your username here.</p>
        <p className="auth-actions">
          <Link to="/login" className="button">
            Login
          </Link>
          <Link to="/register" className="button button-ghost">
            Register
          </Link>
        </p>
      </section>
    );
  }
  if (session.data.profile) return <Navigate to="/feed" replace />;
  return <CreateProfileForm />;
}

function CreateProfileForm() {
  const navigate = useNavigate();
  const create = useCreateProfile();
  const usernameId = useId();
  const [username, setUsername] = useState("");
  const [skills, setSkills] = useState<string[]>([]);
  const [interests, setInterests] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createProfileBodySchema.safeParse({ username, skills, interests });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        dismissNotices(); // earlier failure notices no longer apply
        return navigate("/feed");
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? topLevelFieldErrors(error.fields) : {};
        setErrors(Object.keys(fields).length > 0 ? fields : { form: error.message });
        notify(error.message, "error");
      },
    });
  };

  const describedBy = [`${usernameId}-hint`, errors.username && `${usernameId}-error`]
    .filter(Boolean)
    .join(" ");

  return (
    <section className="auth-page auth-page-wide">
      <title>Create your profile · Your Local Talents</title>
      <div className="card auth-card">
        <h1>Create your profile</h1>
        <p className="muted">Choose the name others will see, and what you offer or look for.</p>
        <form className="form auth-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={usernameId}>Username</label>
            <input
              id={usernameId}
              name="username"
              type="text"
              required
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={60}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={describedBy}
            />
            <p id={`${usernameId}-hint`} className="muted field-hint">
              3 to 30 letters a-z, digits, _ or -; stored in lower case.
            </p>
            {errors.username && (
              <p id={`${usernameId}-error`} className="field-error">
                {errors.username}
              </p>
            )}
          </div>
          <OptionCheckboxes
            legend="Skills"
            name="skills"
            selected={skills}
            onChange={setSkills}
            error={errors.skills}
          />
          <OptionCheckboxes
            legend="Interests"
            name="interests"
            selected={interests}
            onChange={setInterests}
            error={errors.interests}
          />
          {errors.form && <p className="error-text">{errors.form}</p>}
          <button type="submit" className="button" disabled={create.isPending}>
            Submit
          </button>
        </form>
      </div>
    </section>
  );
}
