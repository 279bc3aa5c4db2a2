// What other features use of posts: the type and filled badges (the feed's cards, search results)
// and a post's form fields (the feed's add-post form). The post page is reached through routes.tsx.
export { FilledBadge } from "./filled-badge.tsx";
export { PostFields } from "./post-fields.tsx";
export { PostTypeBadge } from "./post-type-badge.tsx";
