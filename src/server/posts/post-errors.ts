import { AppError, forbidden, notFound } from "../http/app-error.ts";

export const noSuchPost = () => notFound("This post does not exist. It may have been removed.");

/** The address of a post its author deleted (removed_posts). */
export const postRemoved = () => new AppError(404, "post-removed", "This post was removed.");

export const notYourPost = () => forbidden("You can only change your own posts.");
