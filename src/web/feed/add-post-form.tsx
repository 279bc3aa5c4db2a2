import { type FormEvent, useEffect, useRef, useState } from "react";
import { type Article, type CreateArticleInput, createArticleSchema } from "../../shared/posts.ts";
import { ApiError } from "../api/client.ts";
import { useCreateArticle } from "./api/create-article.ts";

type Field = keyof CreateArticleInput;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: CreateArticleInput = { title: "", topic: "", body: "" };
const FIELDS: { name: Field; label: string }[] = [
  { name: "title", label: "Title" },
  { name: "topic", label: "Topic" },
  { name: "body", label: "Body" },
];

function firstErrorPerField(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === "title" || field === "topic" || field === "body") errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Title, Topic and Body, checked with the schema the server uses. On failure what was typed stays
 * and the reasons show beside the fields; on success the parent closes (and so clears) the form.
 */
export function AddPostForm({
  id,
  onPosted,
}: {
  id: string;
  onPosted: (article: Article) => void;
}) {
  const [values, setValues] = useState<CreateArticleInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateArticle();
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>(
    {},
  );

  useEffect(() => {
    fieldRefs.current.title?.focus();
  }, []);

  function showErrors(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    const first = FIELDS.find((field) => fieldErrors[field.name]);
    if (first) fieldRefs.current[first.name]?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const parsed = createArticleSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(firstErrorPerField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ article }) => {
        setValues(EMPTY);
        onPosted(article);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.fields as FieldErrors) : {};
        const hasFieldErrors = FIELDS.some((field) => fieldErrors[field.name]);
        setFormError(
          hasFieldErrors
            ? "Your post was not added: please check the fields marked below."
            : `Your post was not added. ${error.message}`,
        );
        if (hasFieldErrors) showErrors(fieldErrors);
      },
    });
  }

  return (
    <form
      id={id}
      className="card form add-post-form"
      aria-label="Add a post"
      noValidate
      onSubmit={handleSubmit}
    >
      {formError && (
        <p role="alert" className="error-text">
          {formError}
        </p>
      )}
      {FIELDS.map(({ name, label }) => {
        const inputId = `${id}-${name}`;
        const errorId = `${inputId}-error`;
        const error = errors[name];
        const common = {
          id: inputId,
          name,
          required: true,
          value: values[name],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
          onChange: (event: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [name]: event.target.value })),
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={inputId}>{label}</label>
            {name === "body" ? (
              <textarea
                {...common}
                ref={(element) => {
                  fieldRefs.current[name] = element;
                }}
                rows={5}
              />
            ) : (
              <input
                {...common}
                ref={(element) => {
                  fieldRefs.current[name] = element;
                }}
                type="text"
                autoComplete="off"
              />
            )}
            {error && (
              <p id={errorId} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div>
        <button
          type="submit"
          className="button"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          Submit
        </button>
      </div>
    </form>
  );
}
