import { useEffect } from "react";
import { POST_TYPE_DEFAULT, POST_TYPE_LABELS, POST_TYPES } from "../../shared/post-types.ts";
import { createPostSchema, type Post } from "../../shared/posts.ts";
import { useSession } from "../auth/index.ts";
import { AreaField } from "../places/index.ts";
import { Field } from "../ui/field.tsx";
import { formErrorOf, setApiFieldErrors, setFormError } from "../ui/form-errors.ts";
import { useSchemaForm } from "../ui/use-schema-form.ts";
import { useCreatePost } from "./api/create-post.ts";

const FIELDS = [
  { name: "title", label: "Title" },
  { name: "topic", label: "Topic" },
  { name: "body", label: "Body" },
] as const;

/**
 * Type (Offering preselected), Title, Topic, Body and Area (the author's, which they may change or
 * clear), checked with the schema the server uses. On failure what was typed stays, the reasons
 * show beside the fields and the first of them takes the focus; on success the parent closes (and
 * so clears) the form.
 */
export function AddPostForm({ id, onPosted }: { id: string; onPosted: (post: Post) => void }) {
  const create = useCreatePost();
  const ownArea = useSession().data?.profile?.area ?? null;
  const form = useSchemaForm({
    schema: createPostSchema,
    defaultValues: {
      title: "",
      topic: "",
      body: "",
      type: POST_TYPE_DEFAULT,
      area_id: ownArea?.id ?? null,
    },
    focusFirstError: true,
  });
  const { errors } = form.formState;
  const formError = formErrorOf(form);

  useEffect(() => form.setFocus("title"), [form]);

  // The session may arrive after the form opened: its area becomes the start, unless one was chosen.
  const ownAreaId = ownArea?.id ?? null;
  useEffect(() => {
    if (!form.getFieldState("area_id").isDirty) {
      form.resetField("area_id", { defaultValue: ownAreaId });
    }
  }, [form, ownAreaId]);

  const onSubmit = form.handleSubmit((input) => {
    if (create.isPending) return;
    create.mutate(input, {
      onSuccess: ({ article: post }) => {
        form.reset();
        onPosted(post);
      },
      onError: (error) => {
        const marked = setApiFieldErrors(form, error, { focus: true });
        setFormError(
          form,
          marked
            ? "Your post was not added: please check the fields marked below."
            : `Your post was not added. ${error.message}`,
        );
      },
    });
  });

  return (
    <form
      id={id}
      className="card form add-post-form"
      aria-label="Add a post"
      noValidate
      onSubmit={onSubmit}
    >
      {formError && (
        <p role="alert" className="error-text">
          {formError}
        </p>
      )}
      {FIELDS.map(({ name, label }) => (
        <Field key={name} label={label} error={errors[name]?.message}>
          {(control) =>
            name === "body" ? (
              <textarea {...control} required rows={5} {...form.register(name)} />
            ) : (
              <input
                {...control}
                type="text"
                autoComplete="off"
                required
                {...form.register(name)}
              />
            )
          }
        </Field>
      ))}
      <Field kind="group" label="Type" error={errors.type?.message}>
        {() => (
          <div className="radio-row">
            {POST_TYPES.map((type) => (
              <label key={type}>
                <input type="radio" value={type} {...form.register("type")} />
                {POST_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        )}
      </Field>
      <AreaField
        form={form}
        name="area_id"
        label="Area"
        hint="The town your post is about: yours unless you choose another, or clear it."
        initial={ownArea}
      />
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
