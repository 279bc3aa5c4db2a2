/**
 * What other features use of posts: telling every instance's post caches what changed, a post's
 * columns and wire shape for other lists of posts (search), remembering the posts of an account
 * that is deleted as removed (accounts), hiding or restoring posts (moderation), and the posts due
 * a "Still offering …?" reminder with what its one-click links do (notifications), and the post a
 * conversation starts from (direct-messages).
 */
export { announcePostChange } from "./post-cache.ts";
export {
  claimExpiryReminders,
  type PostDueReminder,
  type PostOfLink,
  postOfLink,
} from "./post-expiry-repository.ts";
export { daysAfter } from "./post-expiry-time.ts";
export { postStartingConversation } from "./post-for-conversation.ts";
export { setPostsHidden } from "./post-hiding.ts";
export {
  deletePost,
  rememberPostsOfLeavingAuthor,
  renewPost,
  setPostFilled,
} from "./post-owner-repository.ts";
export { presentPost } from "./post-presenter.ts";
export { postsPlugin } from "./posts-plugin.ts";
export { type PostRow, postColumns, unexpiredSql } from "./posts-repository.ts";
export { postsRoutes } from "./posts-routes.ts";
