import { useEffect } from "react";
import { POST_TYPE_DEFAULT } from "../../shared/post-types.ts";
import { createPostSchema, POST_EXPIRY_DEFAULT_DAYS, type Post } from "../../shared/posts.ts";
import { useSession } from "../auth/index.ts";
import { PostFields } from "../posts/index.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useCreatePost } from "./api/create-post.ts";
import { ExpiryField } from "./expiry-field.tsx";

/**
 * Type (Offering preselected), Title, Topic, Body, Area (the author's, which they may change or
 * clear) and how long it shows (60 days preselected), checked with the schema the server uses and sent once however often Submit is pressed.
 * On failure what was typed stays and the reasons show once: beside the fields (the first takes the
 * focus), or above Submit; on success the parent closes (and so clears) the form.
 */
export function AddPostForm({ id, onPosted }: { id: string; onPosted: (post: Post) => void }) {
  const ownArea = useSession().data?.profile?.area ?? null;
  const { form, frame } = useMutationForm(useCreatePost(), {
    schema: createPostSchema,
    defaultValues: {
      title: "",
      topic: "",
      body: "",
      type: POST_TYPE_DEFAULT,
      area_id: ownArea?.id ?? null,
      expires_in_days: POST_EXPIRY_DEFAULT_DAYS,
    },
    focusFirstError: true,
    onSuccess: ({ article: post }) => {
      form.reset();
      onPosted(post);
    },
  });

  useEffect(() => form.setFocus("title"), [form]);

  // The session may arrive after the form opened: its area becomes the start, unless one was chosen.
  const ownAreaId = ownArea?.id ?? null;
  useEffect(() => {
    if (!form.getFieldState("area_id").isDirty) {
      form.resetField("area_id", { defaultValue: ownAreaId });
    }
  }, [form, ownAreaId]);

  return (
    <FormFrame
      {...frame}
      id={id}
      label="Add a post"
      className="card add-post-form"
      submitLabel="Submit"
      errorPrefix="Your post was not added. "
      buttonRow
    >
      <PostFields
        form={form}
        areaHint="The town your post is about: yours unless you choose another, or clear it."
        initialArea={ownArea}
      />
      <ExpiryField form={form} />
    </FormFrame>
  );
}
