// What other features use of posts: the type badge (the feed's cards, search results). The post
// page is reached through routes.tsx.
export { PostTypeBadge } from "./post-type-badge.tsx";
