import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { ConfirmButton } from "../ui/confirm-button.tsx";
import { MutationButton } from "../ui/mutation-button.tsx";
import { useDeletePost } from "./api/delete-post.ts";
import { forgetPost } from "./api/post-changed.ts";
import { useSetPostFilled } from "./api/set-post-filled.ts";

/**
 * The author's buttons on their post's page: Edit (the page shows the form), Mark as filled or
 * Reopen, and Delete, which asks first and then leads to the feed.
 */
export function PostOwnerActions({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const setFilled = useSetPostFilled(post.id);
  const remove = useDeletePost(post.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filled = Boolean(post.filled_at);
  return (
    <>
      <button type="button" className="button button-ghost" onClick={onEdit}>
        Edit
      </button>
      <MutationButton
        mutation={setFilled}
        variables={!filled}
        successText={filled ? "Your post is open again." : "Your post is marked as filled."}
      >
        {filled ? "Reopen" : "Mark as filled"}
      </MutationButton>
      <ConfirmButton
        label="Delete"
        question="Delete this post?"
        confirmLabel="Delete post"
        explanation={
          <p>
            “{post.title}” will be gone from the feed and search, and its address will say it was
            removed. This cannot be undone.
          </p>
        }
        action={() => remove.mutateAsync(undefined)}
        pending={remove.isPending}
        successText="Your post was deleted."
        onDone={async () => {
          await navigate("/feed");
          forgetPost(queryClient, post.id);
        }}
      />
    </>
  );
}
