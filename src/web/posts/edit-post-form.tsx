import { useEffect, useId } from "react";
import { type CreatePostInput, createPostSchema, type Post } from "../../shared/posts.ts";
import { formErrorOf, setApiFieldErrors, setFormError } from "../ui/form-errors.ts";
import { notify } from "../ui/notify.tsx";
import { useSchemaForm } from "../ui/use-schema-form.ts";
import { useUpdatePost } from "./api/update-post.ts";
import { PostFields } from "./post-fields.tsx";

type Fields = keyof CreatePostInput;
const FIELD_NAMES: Fields[] = ["title", "topic", "body", "type", "area_id"];

/**
 * The author's post in its form, checked as when it was added; only what changed is sent (nothing
 * changed: the form just closes). Refused, what was typed stays and the reasons show beside the
 * fields; saved, the page shows the post as it is now.
 */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const update = useUpdatePost(post.id);
  const headingId = useId();
  const form = useSchemaForm({
    schema: createPostSchema,
    defaultValues: {
      title: post.title,
      topic: post.topic,
      body: post.body,
      type: post.type,
      area_id: post.area?.id ?? null,
    },
    focusFirstError: true,
  });
  const formError = formErrorOf(form);

  useEffect(() => form.setFocus("title"), [form]);

  const onSubmit = form.handleSubmit((input) => {
    if (update.isPending) return;
    const { dirtyFields } = form.formState;
    const changes = Object.fromEntries(
      FIELD_NAMES.filter((name) => dirtyFields[name]).map((name) => [name, input[name]]),
    );
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        notify("Your post was updated.", "success");
        onDone();
      },
      // Said once: beside the fields it names, else above them.
      onError: (error) => {
        if (!setApiFieldErrors(form, error, { focus: true })) {
          setFormError(form, `Your changes were not saved. ${error.message}`);
        }
      },
    });
  });

  return (
    <form
      className="form edit-post-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={onSubmit}
    >
      <h1 id={headingId}>Edit your post</h1>
      {formError && (
        <p role="alert" className="error-text">
          {formError}
        </p>
      )}
      <PostFields
        form={form}
        areaHint="The town your post is about; clear it for none."
        initialArea={post.area}
      />
      <div className="button-row">
        <button
          type="submit"
          className="button"
          disabled={update.isPending}
          aria-busy={update.isPending}
        >
          Save changes
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={onDone}
          disabled={update.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
