import { useEffect } from "react";
import { POST_TYPE_DEFAULT } from "../../shared/post-types.ts";
import { createPostSchema, type Post } from "../../shared/posts.ts";
import { useSession } from "../auth/index.ts";
import { PostFields } from "../posts/index.ts";
import { formErrorOf, setApiFieldErrors, setFormError } from "../ui/form-errors.ts";
import { useSchemaForm } from "../ui/use-schema-form.ts";
import { useCreatePost } from "./api/create-post.ts";

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
      <PostFields
        form={form}
        areaHint="The town your post is about: yours unless you choose another, or clear it."
        initialArea={ownArea}
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
