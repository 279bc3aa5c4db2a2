/** What other features use of posts: telling every instance's post caches what changed. */
export { announcePostChange, forgetPostChange } from "./post-cache.ts";
