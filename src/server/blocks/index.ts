/**
 * What other features use of blocks: who a member blocked (posts, reviews, profiles and the chat
 * leave those members out for them), kept on the app as `app.blocks` by the blocks plugin.
 */
export type { Blocks } from "./blocks-cache.ts";
export { blocksPlugin } from "./blocks-plugin.ts";
export { isBlocked } from "./blocks-repository.ts";
export { blocksRoutes } from "./blocks-routes.ts";
