/**
 * What other features use of posts: telling every instance's post caches what changed, a post's
 * columns and wire shape for other lists of posts (search), and remembering the posts of an account
 * that is deleted as removed (accounts).
 */
export { announcePostChange, forgetPostChange } from "./post-cache.ts";
export { rememberPostsOfLeavingAuthor } from "./post-owner-repository.ts";
export { presentPost } from "./post-presenter.ts";
export { postColumns } from "./posts-repository.ts";
