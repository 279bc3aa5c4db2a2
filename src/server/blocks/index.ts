/**
 * What other features use of blocks: who a member blocked (posts, reviews, profiles and the chat
 * leave those members out for them), and the key every instance hears when that changes.
 */
export { blocksChangedKey, blocksChangedUserId } from "./blocks-announcements.ts";
export { blockedByViewer, blockedUserIds, hasBlocked } from "./blocks-cache.ts";
export { blockedUserIdsQuery, isBlocked } from "./blocks-repository.ts";
