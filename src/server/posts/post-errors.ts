import { AppError, forbidden, notFound } from "../http/app-error.ts";

export const noSuchPost = () => notFound("This post does not exist. It may have been removed.");

/** The address of a post its author deleted (removed_posts). */
export const postRemoved = () => new AppError(404, "post-removed", "This post was removed.");

/** Why the author's tools did not act on a post; postOwnerAnswer gives each its HTTP answer. */
export type PostOwnerRefusal = "removed" | "no-such-post" | "not-your-post";

const ownerAnswers: Record<PostOwnerRefusal, () => AppError> = {
  removed: postRemoved,
  "no-such-post": noSuchPost,
  "not-your-post": () => forbidden("You can only change your own posts."),
};

export const postOwnerAnswer = (reason: PostOwnerRefusal) => ownerAnswers[reason]();
