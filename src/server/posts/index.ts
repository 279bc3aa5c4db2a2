/**
 * What other features use of posts: telling every instance's post caches what changed, and a post's
 * columns and wire shape for other lists of posts (search).
 */
export { announcePostChange, forgetPostChange } from "./post-cache.ts";
export { presentPost } from "./post-presenter.ts";
export { postColumns } from "./posts-repository.ts";
